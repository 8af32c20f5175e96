import type { ApiToken } from '@contract/api-tokens';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import type { TokenOwner } from '@/api-tokens/api/api-token-keys';
import { useRevokeApiToken } from '@/api-tokens/api/revoke-api-token';

type RevokeTokenDialogProps = {
  owner: TokenOwner;
  /** The token to revoke (kept while the dialog closes). */
  token: ApiToken | null;
  open: boolean;
  onClose: () => void;
};

/** Confirms revoking a token: whatever uses it is refused from the next request on. */
export function RevokeTokenDialog({ owner, token, open, onClose }: RevokeTokenDialogProps) {
  const revoke = useRevokeApiToken(owner);
  return (
    <ConfirmDialog
      open={open && token !== null}
      title="Revoke token?"
      description={
        token
          ? `${token.name} (${token.displayPrefix}…) stops working at once: every script or pipeline using it is refused. This cannot be undone.`
          : ''
      }
      pending={revoke.isPending}
      confirmLabel="Revoke"
      pendingLabel="Revoking..."
      onClose={onClose}
      onConfirm={() =>
        token &&
        revoke.mutate(token.id, {
          onSuccess: () => notifySuccess('Token revoked', `${token.name} no longer works.`),
          onError: (error) => notifyError(error, 'Failed to revoke token.'),
          onSettled: onClose,
        })
      }
    />
  );
}
