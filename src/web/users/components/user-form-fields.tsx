import { globalRoleNames, globalRoles, userStatuses } from '@contract/vocabulary';
import type { UseFormReturn } from 'react-hook-form';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { getStatusStyle } from '@/components/status-badge';
import type { UserFormInput, UserFormValues } from '@/users/lib/user-form';

type Form = UseFormReturn<UserFormInput, unknown, UserFormValues>;
const roleOptions = globalRoles.map((role) => ({ value: role, label: globalRoleNames[role] }));
const statusOptions = userStatuses.map((status) => ({ value: status, label: getStatusStyle(status).label }));

/** Name, email, global role, avatar URL, status and (when adding) the initial password. */
export function UserFormFields({ form, withPassword }: { form: Form; withPassword: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField
        form={form}
        name="name"
        id="user-name"
        label="Name"
        placeholder="Jane Doe"
        autoComplete="off"
      />
      <FormTextField
        form={form}
        name="email"
        id="user-email"
        label="Email"
        type="email"
        placeholder="jane@example.com"
        autoComplete="off"
      />
      <FormSelect
        control={form.control}
        name="globalRole"
        id="user-globalRole"
        label="Global Role"
        options={roleOptions}
      />
      <FormSelect
        control={form.control}
        name="status"
        id="user-status"
        label="Status"
        options={statusOptions}
      />
      <FormTextField
        form={form}
        name="avatarUrl"
        id="user-avatarUrl"
        label="Avatar URL"
        type="url"
        placeholder="https://example.com/avatar.png"
        autoComplete="off"
        className="sm:col-span-2"
      />
      {withPassword && (
        <FormTextField
          form={form}
          name="password"
          id="user-password"
          label="Initial Password"
          type="password"
          autoComplete="new-password"
          description="Optional: at least 12 characters, and not easy to guess (several uncommon words work well). Without one the user cannot sign in until a password is set."
          className="sm:col-span-2"
        />
      )}
    </div>
  );
}
