import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordBodySchema } from '@contract/auth';
import type { User } from '@contract/users';
import { useEffect } from 'react';
import { useForm, type FieldError as FormFieldError, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useResetPassword } from '@/users/api/reset-password';
import { notifySuccess } from '@/components/notify';
import { notifyFormFailure } from '@/components/notify-form-failure';
import { loadPasswordStrength, withPasswordStrength } from '@/users/lib/password-strength';

type PasswordForm = z.infer<typeof setPasswordBodySchema>;

type UserPasswordDialogProps = {
  open: boolean;
  /** Whose password to set (kept while the dialog closes). */
  user: User | null;
  onClose: () => void;
};

/** Reset password (administrators): sets a new one and signs the user out everywhere. */
export function UserPasswordDialog({ open, user, onClose }: UserPasswordDialogProps) {
  return (
    <FormDialog
      open={open && user !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Reset Password"
      description={user ? `Set a new password for ${user.name}. Their open sessions end.` : ''}
    >
      {user && <PasswordForm user={user} onDone={onClose} />}
    </FormDialog>
  );
}

/** The new password; its policy is described until an error replaces the description. */
function NewPasswordField({
  error,
  registration,
}: {
  error: FormFieldError | undefined;
  registration: UseFormRegisterReturn<'password'>;
}) {
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor="user-new-password">New Password</FieldLabel>
      <Input
        {...fieldControlProps('user-new-password', !!error)}
        type="password"
        autoComplete="new-password"
        {...registration}
      />
      {!error && (
        <FieldDescription>
          At least 12 characters, and not easy to guess: several uncommon words work well.
        </FieldDescription>
      )}
      <FieldError id="user-new-password-error" errors={[error]} />
    </Field>
  );
}

function PasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm<PasswordForm>({
    // The contract's policy (length, and not easy to guess), once the estimator is loaded.
    resolver: withPasswordStrength(zodResolver(setPasswordBodySchema)),
    defaultValues: { password: '' },
  });
  useEffect(() => {
    void loadPasswordStrength();
  }, []);

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notifySuccess('Password reset', `${user.name} can sign in with the new password.`);
          onDone();
        },
        onError: (failure) => {
          const toField = (field: string) => (field === 'password' ? 'password' : undefined);
          notifyFormFailure(failure, form.setError, toField, 'Failed to reset password.');
        },
      },
    ),
  );

  return (
    <DialogForm
      label="Reset password"
      pending={reset.isPending}
      submitLabel="Reset Password"
      pendingLabel="Saving..."
      onSubmit={onSubmit}
    >
      <NewPasswordField error={form.formState.errors.password} registration={form.register('password')} />
    </DialogForm>
  );
}
