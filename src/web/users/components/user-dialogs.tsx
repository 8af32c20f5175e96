import type { User } from '@contract/users';
import { UserAccessDialog } from '@/users/components/user-access-dialog';
import type { UserAction } from '@/users/components/user-card-actions';
import { UserDeleteDialog } from '@/users/components/user-delete-dialog';
import { UserFormDialog } from '@/users/components/user-form-dialog';
import { UserPasswordDialog } from '@/users/components/user-password-dialog';
import { ServiceAccountDialog } from '@/users/components/service-account-dialog';
import { UserTokensDialog } from '@/users/components/user-tokens-dialog';

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
          <ServiceAccountDialog
            open={isOpen('service-account')}
            onOpenChange={(next) => !next && onClose()}
          />
        </>
      )}
    </>
  );
}
