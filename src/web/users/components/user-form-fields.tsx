import { globalRoleNames, globalRoles, userStatuses } from '@contract/users';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { getStatusStyle } from '@/components/status-badge';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { UserFormInput, UserFormValues } from '@/users/lib/user-form';

type Form = UseFormReturn<UserFormInput, unknown, UserFormValues>;
type TextField = 'name' | 'email' | 'avatarUrl' | 'password';

function TextInputField({
  form,
  name,
  label,
  type = 'text',
  placeholder,
  description,
}: {
  form: Form;
  name: TextField;
  label: string;
  type?: string;
  placeholder?: string;
  description?: string;
}) {
  const error = form.formState.errors[name];
  const id = `user-${name}`;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        {...fieldControlProps(id, !!error)}
        type={type}
        placeholder={placeholder}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        {...form.register(name)}
      />
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}

function SelectField({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: 'globalRole' | 'status';
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const error = form.formState.errors[name];
  const id = `user-${name}`;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger
              {...fieldControlProps(id, !!error)}
              className="w-full"
              ref={field.ref}
              onBlur={field.onBlur}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}

const roleOptions = globalRoles.map((role) => ({ value: role, label: globalRoleNames[role] }));
const statusOptions = userStatuses.map((status) => ({ value: status, label: getStatusStyle(status).label }));

/** Name, email, global role, avatar URL, status and (when adding) the initial password. */
export function UserFormFields({ form, withPassword }: { form: Form; withPassword: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInputField form={form} name="name" label="Name" placeholder="Jane Doe" />
      <TextInputField form={form} name="email" label="Email" type="email" placeholder="jane@example.com" />
      <SelectField form={form} name="globalRole" label="Global Role" options={roleOptions} />
      <SelectField form={form} name="status" label="Status" options={statusOptions} />
      <div className="sm:col-span-2">
        <TextInputField
          form={form}
          name="avatarUrl"
          label="Avatar URL"
          type="url"
          placeholder="https://example.com/avatar.png"
        />
      </div>
      {withPassword && (
        <div className="sm:col-span-2">
          <TextInputField
            form={form}
            name="password"
            label="Initial Password"
            type="password"
            description="Optional: at least 12 characters, and not easy to guess (several uncommon words work well). Without one the user cannot sign in until a password is set."
          />
        </div>
      )}
    </div>
  );
}
