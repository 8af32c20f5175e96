import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@contract/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
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
import { useCreateUser } from '@/users/api/create-user';
import { useUpdateUser } from '@/users/api/update-user';
import { UserFormFields } from '@/users/components/user-form-fields';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import {
  toUserInput,
  toUserPatch,
  userFormDefaults,
  userFormFields,
  userFormSchema,
  type UserFormInput,
  type UserFormValues,
} from '@/users/lib/user-form';
import { loadPasswordStrength, withPasswordStrength } from '@/users/lib/password-strength';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type UserFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this user; without it, add a new one. */
  user?: User;
};

/** Add User (POST) or Edit user (PATCH, prefilled): one form, the contract's schema. */
export function UserFormDialog({ open, onOpenChange, user }: UserFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{user ? 'Edit User' : 'Add User'}</DialogTitle>
          <DialogDescription>
            {user
              ? `Change ${user.name}'s details, global role or status.`
              : 'Create an account; give it tenant access afterwards with Manage Access.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the user's current values. */}
        {open && <UserForm user={user} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ user, onDone }: { user?: User; onDone: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;
  const form = useForm<UserFormInput, unknown, UserFormValues>({
    // Editing sends no password: only adding waits for the strength estimator.
    resolver: user ? zodResolver(userFormSchema) : withPasswordStrength(zodResolver(userFormSchema)),
    defaultValues: userFormDefaults(user),
  });
  // Fetch the estimator while the administrator fills in the form, not when they submit it.
  useEffect(() => {
    if (!user) void loadPasswordStrength();
  }, [user]);

  const conflict = useConflictAwareSave({
    form,
    resource: user,
    toFormValues: userFormDefaults,
    what: 'user',
  });

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    // A duplicate email is a 409 without field issues: it belongs beside the email field.
    applyServerIssues(
      error,
      form.setError,
      (field) => userFormFields.find((name) => name === field),
      'email',
    );
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (user) {
      update.mutate(
        { id: user.id, patch: toUserPatch(values), ifMatch: conflict.revision() },
        {
          onSuccess: (updated) => {
            notifySuccess('User updated', `${updated.name} has been saved.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update user.'),
        },
      );
    } else {
      create.mutate(toUserInput(values), {
        onSuccess: (created) => {
          notifySuccess('User created', `${created.name} (${created.email}) has been added.`);
          onDone();
        },
        onError: (error) => onError(error, 'Failed to create user.'),
      });
    }
  });

  const submitLabel = user ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Adding...' : 'Add User';
  const formRef = useFocusAfterSubmit(pending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={user ? 'Edit user' : 'Add user'}
    >
      <fieldset disabled={pending} className="space-y-6">
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <UserFormFields form={form} withPassword={!user} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit">{submitLabel}</Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
