import type { User } from '@contract/users';
import type { UserAction } from '@/users/components/user-card-actions';
import { lazyDialog } from '@/components/lazy-dialog';

// Forms and confirmations load on their own (the list paints without them).
const UserAccessDialog = lazyDialog(() =>
  import('@/users/components/user-access-dialog').then((m) => m.UserAccessDialog),
);
const UserFormDialog = lazyDialog(() =>
  import('@/users/components/user-form-dialog').then((m) => m.UserFormDialog),
);
const UserPasswordDialog = lazyDialog(() =>
  import('@/users/components/user-password-dialog').then((m) => m.UserPasswordDialog),
);
const UserDeleteDialog = lazyDialog(() =>
  import('@/users/components/user-delete-dialog').then((m) => m.UserDeleteDialog),
);
const UserTokensDialog = lazyDialog(() =>
  import('@/users/components/user-tokens-dialog').then((m) => m.UserTokensDialog),
);
const UserIdentitiesDialog = lazyDialog(() =>
  import('@/users/components/user-identities-dialog').then((m) => m.UserIdentitiesDialog),
);
const ServiceAccountDialog = lazyDialog(() =>
  import('@/users/components/service-account-dialog').then((m) => m.ServiceAccountDialog),
);

/**
 * Which dialog, for which user (null: Add User, Add service account). Closing only clears `open`, so a closing dialog keeps
 * its title and text while it animates out.
 */
export type DialogState = {
  kind: UserAction | 'access' | 'create' | 'service-account';
  user: User | null;
  open: boolean;
};

type UserDialogsProps = { state: DialogState; onClose: () => void; isAdmin: boolean };

/** The page's dialogs: Manage Access for whoever may manage access; the rest for administrators. */
export function UserDialogs({ state, onClose, isAdmin }: UserDialogsProps) {
  const isOpen = (kind: DialogState['kind']) => state.open && state.kind === kind;
  return (
    <>
      <UserAccessDialog open={isOpen('access')} user={state.user} onClose={onClose} />
      {isAdmin && (
        <>
          <UserFormDialog
            open={isOpen('create') || isOpen('edit')}
            user={state.kind === 'edit' ? (state.user ?? undefined) : undefined}
            onOpenChange={(next) => !next && onClose()}
          />
          <UserPasswordDialog open={isOpen('password')} user={state.user} onClose={onClose} />
          <UserDeleteDialog open={isOpen('delete')} user={state.user} onClose={onClose} />
          <UserTokensDialog open={isOpen('tokens')} user={state.user} onClose={onClose} />
          <UserIdentitiesDialog open={isOpen('identities')} user={state.user} onClose={onClose} />
          <ServiceAccountDialog
            open={isOpen('service-account')}
            onOpenChange={(next) => !next && onClose()}
          />
        </>
      )}
    </>
  );
}
