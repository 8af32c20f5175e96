import { tenantRoleNames, tenantRoles } from '@contract/users';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TenantCombobox } from '@/tenants';
import type { ProfileFormInput, ProfileFormValues } from '@/users/lib/profile-form';

type Form = UseFormReturn<ProfileFormInput, unknown, ProfileFormValues>;
type TextField = 'displayName' | 'jobTitle' | 'department' | 'permissions';

function TextInputField({
  form,
  name,
  label,
  placeholder,
  description,
}: {
  form: Form;
  name: TextField;
  label: string;
  placeholder?: string;
  description?: string;
}) {
  const error = form.formState.errors[name];
  const id = `profile-${name}`;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input {...fieldControlProps(id, !!error)} placeholder={placeholder} {...form.register(name)} />
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}

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
      <Field data-invalid={!!errors.role || undefined}>
        <FieldLabel htmlFor="profile-role">Role</FieldLabel>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                {...fieldControlProps('profile-role', !!errors.role)}
                className="w-full"
                ref={field.ref}
                onBlur={field.onBlur}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {tenantRoles.map((role) => (
                  <SelectItem key={role} value={role}>
                    {tenantRoleNames[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id="profile-role-error" errors={[errors.role]} />
      </Field>
      <TextInputField form={form} name="displayName" label="Display Name" />
      <TextInputField form={form} name="jobTitle" label="Job Title" />
      <TextInputField form={form} name="department" label="Department" />
      <TextInputField
        form={form}
        name="permissions"
        label="Permissions"
        placeholder="read, deploy"
        description="Comma separated."
      />
    </div>
  );
}
