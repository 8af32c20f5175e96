import type { User, UserIdentity } from '@contract/users';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { isPreconditionFailed } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useUnlinkUserIdentity, useUserIdentities } from '@/users/api/user-identities';

type UserIdentitiesDialogProps = {
  open: boolean;
  /** Whose identities (kept while the dialog closes). */
  user: User | null;
  onClose: () => void;
};

/**
 * The identity-provider accounts linked to a user, each with Unlink (docs/sso.md, "Unlinking"): the way
 * to move an account to another identity of the same provider, or to shut out one linked by mistake.
 * Unlinking ends the user's sessions and tokens; an unlinked identity stays listed with its date.
 */
export function UserIdentitiesDialog({ open, user, onClose }: UserIdentitiesDialogProps) {
  return (
    <Dialog open={open && user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Single sign-on</DialogTitle>
          <DialogDescription>
            {user ? `The identity-provider accounts that sign in as ${user.name}.` : ''}
          </DialogDescription>
        </DialogHeader>
        {open && user && <UserIdentityList user={user} />}
      </DialogContent>
    </Dialog>
  );
}

function UserIdentityList({ user }: { user: User }) {
  const identities = useUserIdentities(user.id);
  // The user's revision the next unlink is made under, from the card as the dialog opened: each unlink
  // moves it (the server answers 412 when someone else changed the user since).
  const [revision, setRevision] = useState(user.revision);
  const [confirming, setConfirming] = useState<{ identity: UserIdentity | null; open: boolean }>({
    identity: null,
    open: false,
  });
  const rows = identities.data ?? [];

  return (
    <>
      <ListState
        status={identities.status}
        error={identities.error}
        onRetry={() => void identities.refetch()}
        errorTitle="Could not load the identities"
        isEmpty={rows.length === 0}
        loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading identities...</p>}
        empty={
          <EmptyState
            icon={Link2}
            title="No linked identities"
            description={`${user.name} has not signed in with single sign-on.`}
          />
        }
      >
        <ul className="space-y-3" aria-label={`Identities of ${user.name}`}>
          {rows.map((identity) => (
            <IdentityItem
              key={identity.id}
              identity={identity}
              unlinking={confirming.open}
              onUnlink={() => setConfirming({ identity, open: true })}
            />
          ))}
        </ul>
      </ListState>
      <UnlinkIdentityDialog
        user={user}
        identity={confirming.identity}
        open={confirming.open}
        revision={revision}
        onUnlinked={setRevision}
        onClose={() => setConfirming((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

type UnlinkIdentityDialogProps = {
  user: User;
  /** The identity to unlink (kept while the dialog closes). */
  identity: UserIdentity | null;
  open: boolean;
  /** The user's revision the unlink is made under. */
  revision: number;
  /** The user's revision after the unlink. */
  onUnlinked: (revision: number) => void;
  onClose: () => void;
};

/** Confirms unlinking an identity: it stops signing in as the user, who is signed out. */
function UnlinkIdentityDialog({
  user,
  identity,
  open,
  revision,
  onUnlinked,
  onClose,
}: UnlinkIdentityDialogProps) {
  const unlink = useUnlinkUserIdentity(user.id);
  return (
    <ConfirmDialog
      open={open && identity !== null}
      title="Unlink identity?"
      description={
        identity
          ? `${identity.subject} at ${identity.issuer} will be refused from now on, and the sessions and API tokens of ${user.name} end. Another identity with their verified e-mail can link at its first sign-in.`
          : ''
      }
      pending={unlink.isPending}
      confirmLabel="Unlink"
      pendingLabel="Unlinking..."
      onClose={onClose}
      onConfirm={() =>
        identity &&
        unlink.mutate(
          { identityId: identity.id, ifMatch: revision },
          {
            onSuccess: (next) => {
              onUnlinked(next);
              notifySuccess('Identity unlinked', `${identity.subject} no longer signs in as ${user.name}.`);
            },
            onError: (error) =>
              isPreconditionFailed(error)
                ? notifyProblem(
                    'Not unlinked',
                    `Someone else changed ${user.name} after you opened this. Review the identities, then unlink again.`,
                  )
                : notifyError(error, 'Failed to unlink the identity.'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}

type IdentityItemProps = { identity: UserIdentity; unlinking: boolean; onUnlink: () => void };

/** One identity: the provider, its account, the address it was linked by, when; Unlink, or when it was. */
function IdentityItem({ identity, unlinking, onUnlink }: IdentityItemProps) {
  return (
    <li className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Provider</dt>
        <dd className="break-all">{identity.issuer}</dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="break-all font-mono">{identity.subject}</dd>
        <dt className="text-muted-foreground">Linked by</dt>
        <dd className="break-all">{identity.email ?? 'no e-mail'}</dd>
        <dt className="text-muted-foreground">Linked</dt>
        <dd>{formatDate(identity.linkedAt)}</dd>
      </dl>
      {identity.unlinkedAt ? (
        <p className="text-sm text-muted-foreground">Unlinked {formatDate(identity.unlinkedAt)}</p>
      ) : (
        <Button
          variant="outline"
          aria-label={`Unlink ${identity.subject}`}
          disabled={unlinking}
          onClick={onUnlink}
        >
          Unlink
        </Button>
      )}
    </li>
  );
}
