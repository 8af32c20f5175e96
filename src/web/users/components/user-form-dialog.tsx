import type { User } from '@contract/users';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { SaveDialogForm, oneOf, useResourceForm } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { userLive } from '@/users/api/get-user';
import { useCreateUser } from '@/users/api/create-user';
import { useUpdateUser } from '@/users/api/update-user';
import { UserFormFields } from '@/users/components/user-form-fields';
import {
  toUserInput,
  toUserPatch,
  userFormDefaults,
  userFormFields,
  userFormSchema,
} from '@/users/lib/user-form';
import { loadPasswordStrength, withPasswordStrength } from '@/users/lib/password-strength';
import type { DialogOpenProps } from '@/components/dialog-open';

type UserFormDialogProps = DialogOpenProps & {
  /** Edit this user; without it, add a new one. */
  user?: User;
};

/** Add User (POST) or Edit user (PATCH, prefilled): one form, the contract's schema. */
export function UserFormDialog({ open, onOpenChange, user }: UserFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title={user ? 'Edit User' : 'Add User'}
      description={
        user
          ? `Change ${user.name}'s details, global role or status.`
          : 'Create an account; give it tenant access afterwards with Manage Access.'
      }
    >
      <UserForm user={user} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** How this dialog makes a new user. */
const CREATE = { verb: 'Add', submit: 'Add User', pending: 'Adding...' };

function UserForm({ user, onDone }: { user?: User; onDone: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;
  const { form, conflict, outcome } = useResourceForm({
    schema: userFormSchema,
    defaults: userFormDefaults,
    resource: user,
    what: 'user',
    toField: oneOf(userFormFields),
    // A duplicate email is a 409 without field issues: it belongs beside the email field.
    conflictField: 'email',
    // Editing sends no password: only adding waits for the strength estimator.
    wrapResolver: user ? undefined : withPasswordStrength,
    onDone,
    live: userLive,
  });
  // Fetch the estimator while the administrator fills in the form, not when they submit it.
  useEffect(() => {
    if (!user) void loadPasswordStrength();
  }, [user]);

  const onSubmit = form.handleSubmit((values) => {
    if (user) {
      update.mutate(
        { id: user.id, patch: toUserPatch(values), ifMatch: conflict.revision() },
        outcome(
          (updated) => notifySuccess('User updated', `${updated.name} has been saved.`),
          'Failed to update user.',
        ),
      );
    } else {
      create.mutate(
        toUserInput(values),
        outcome(
          (created) => notifySuccess('User created', `${created.name} (${created.email}) has been added.`),
          'Failed to create user.',
        ),
      );
    }
  });

  return (
    <SaveDialogForm
      editing={!!user}
      noun="user"
      create={CREATE}
      pending={pending}
      conflict={conflict}
      onSubmit={onSubmit}
    >
      <UserFormFields form={form} withPassword={!user} />
    </SaveDialogForm>
  );
}
