import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordBodySchema } from '@contract/auth';
import type { User } from '@contract/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useResetPassword } from '@/users/api/reset-password';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import { loadPasswordStrength, withPasswordStrength } from '@/users/lib/password-strength';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

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
    <Dialog open={open && user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            {user ? `Set a new password for ${user.name}. Their open sessions end.` : ''}
          </DialogDescription>
        </DialogHeader>
        {open && user && <PasswordForm user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
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
  const error = form.formState.errors.password;

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notifySuccess('Password reset', `${user.name} can sign in with the new password.`);
          onDone();
        },
        onError: (failure) => {
          applyServerIssues(failure, form.setError, (field) =>
            field === 'password' ? 'password' : undefined,
          );
          notifyError(failure, 'Failed to reset password.');
        },
      },
    ),
  );

  const formRef = useFocusAfterSubmit(reset.isPending);
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset password">
      <fieldset disabled={reset.isPending} className="space-y-6">
        <Field data-invalid={!!error || undefined}>
          <FieldLabel htmlFor="user-new-password">New Password</FieldLabel>
          <Input
            {...fieldControlProps('user-new-password', !!error)}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
          {!error && (
            <FieldDescription>
              At least 12 characters, and not easy to guess: several uncommon words work well.
            </FieldDescription>
          )}
          <FieldError id="user-new-password-error" errors={[error]} />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit">{reset.isPending ? 'Saving...' : 'Reset Password'}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
