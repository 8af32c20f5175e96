import type { User } from '@contract/users';
import { ApiTokensPanel } from '@/api-tokens';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type UserTokensDialogProps = {
  open: boolean;
  /** Whose tokens (kept while the dialog closes). */
  user: User | null;
  onClose: () => void;
};

/**
 * API tokens of any user (administrators): revoke any of them; create one only for a service account,
 * since people create their own on the API access page.
 */
export function UserTokensDialog({ open, user, onClose }: UserTokensDialogProps) {
  return (
    <Dialog open={open && user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>API tokens</DialogTitle>
          <DialogDescription>
            {user?.kind === 'service'
              ? `The tokens ${user.name} acts through.`
              : user
                ? `The tokens ${user.name} created; only they can create more.`
                : ''}
          </DialogDescription>
        </DialogHeader>
        {open && user && (
          <ApiTokensPanel owner={user.id} canCreate={user.kind === 'service'} ownerName={user.name} />
        )}
      </DialogContent>
    </Dialog>
  );
}
