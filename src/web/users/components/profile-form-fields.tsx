import { tenantRoleNames, tenantRoles } from '@contract/roles';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { TenantCombobox } from '@/tenants';
import type { ProfileFormInput, ProfileFormValues } from '@/users/lib/profile-form';

type Form = UseFormReturn<ProfileFormInput, unknown, ProfileFormValues>;
const roleOptions = tenantRoles.map((role) => ({
  value: role,
  label: tenantRoleNames[role],
}));

type ProfileFormFieldsProps = {
  form: Form;
  /** Tenants the picker leaves out (already granted, or not the viewer's to manage). */
  excludeTenant: (tenantId: string) => boolean;
  /** Editing: the tenant is fixed (a profile never moves to another tenant). */
  tenantLocked: boolean;
};

/** Tenant, role, display name, job title, department and permissions (comma separated). */
export function ProfileFormFields({ form, excludeTenant, tenantLocked }: ProfileFormFieldsProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field data-invalid={!!errors.tenantId || undefined}>
        <FieldLabel htmlFor="profile-tenantId">Tenant</FieldLabel>
        <Controller
          control={form.control}
          name="tenantId"
          render={({ field }) => (
            <TenantCombobox
              id="profile-tenantId"
              value={field.value}
              onChange={field.onChange}
              disabled={tenantLocked}
              invalid={!!errors.tenantId}
              exclude={excludeTenant}
            />
          )}
        />
        <FieldError id="profile-tenantId-error" errors={[errors.tenantId]} />
      </Field>
      <FormSelect control={form.control} name="role" id="profile-role" label="Role" options={roleOptions} />
      <FormTextField form={form} name="displayName" id="profile-displayName" label="Display Name" />
      <FormTextField form={form} name="jobTitle" id="profile-jobTitle" label="Job Title" />
      <FormTextField form={form} name="department" id="profile-department" label="Department" />
      <FormTextField
        form={form}
        name="permissions"
        id="profile-permissions"
        label="Permissions"
        placeholder="read, deploy"
        description="Comma separated."
      />
    </div>
  );
}
