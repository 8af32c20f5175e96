import { canOnTenant } from '@contract/roles';
import type { User, UserProfile } from '@contract/users';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useMe } from '@/auth';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTenantNames } from '@/tenants';
import { useDeleteUserProfile } from '@/users/api/delete-user-profile';
import { useUserProfiles } from '@/users/api/get-user-profiles';
import { useRestoreUserProfile } from '@/users/api/restore-user-profile';
import { ProfileForm } from '@/users/components/profile-form';
import { TenantAccessEntry, UNKNOWN_TENANT } from '@/users/components/tenant-access-entry';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccessWithUndo } from '@/components/notify-undo';

type UserAccessDialogProps = {
  open: boolean;
  /** Whose access to manage (kept while the dialog closes). */
  user: User | null;
  onClose: () => void;
};

/** Manage Access: add, change and remove the user's tenant profiles, on tenants the viewer may manage. */
export function UserAccessDialog({ open, user, onClose }: UserAccessDialogProps) {
  return (
    <Dialog open={open && user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Manage Access</DialogTitle>
          <DialogDescription>
            {user ? `The tenants ${user.name} can reach, and their role in each.` : ''}
          </DialogDescription>
        </DialogHeader>
        {open && user && <UserAccess user={user} />}
      </DialogContent>
    </Dialog>
  );
}

type AccessListProps = {
  user: User;
  profiles: UserProfile[];
  tenantName: (tenantId: string) => string | undefined;
  canManage: (tenantId: string) => boolean;
  /** A removal is under way: the remove buttons wait. */
  removing: boolean;
  onEdit: (profile: UserProfile) => void;
  onRemove: (profile: UserProfile) => void;
};

/** The user's current access, with change and remove on the tenants the viewer manages. */
function AccessList({ user, profiles, tenantName, canManage, removing, onEdit, onRemove }: AccessListProps) {
  if (profiles.length === 0)
    return <p className="text-sm text-muted-foreground">No tenant access configured</p>;
  return (
    <ul className="space-y-2" aria-label="Current access">
      {profiles.map((profile) => {
        const name = tenantName(profile.tenantId) ?? UNKNOWN_TENANT;
        return (
          <TenantAccessEntry
            key={profile.id}
            profile={profile}
            tenantName={tenantName(profile.tenantId)}
            userName={user.name}
            actions={
              canManage(profile.tenantId) && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Change access to ${name}`}
                    onClick={() => onEdit(profile)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove access to ${name}`}
                    disabled={removing}
                    onClick={() => onRemove(profile)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              )
            }
          />
        );
      })}
    </ul>
  );
}

/** Remove a profile (then `onRemoved`); the success toast offers Undo, which restores the same profile. */
function useRemoveProfile(
  user: User,
  tenantName: (tenantId: string) => string | undefined,
  onRemoved: (profile: UserProfile) => void,
) {
  const remove = useDeleteUserProfile();
  const restore = useRestoreUserProfile();
  const removeProfile = (profile: UserProfile, onSettled: () => void) => {
    const name = tenantName(profile.tenantId) ?? UNKNOWN_TENANT;
    remove.mutate(
      { id: profile.id, ifMatch: profile.revision },
      {
        onSuccess: () => {
          onRemoved(profile);
          notifySuccessWithUndo({
            title: 'Access removed',
            description: `${user.name} no longer has access to ${name}.`,
            undo: () => restore.mutateAsync(profile.id),
            undone: {
              title: 'Access restored',
              description: `${user.name} has access to ${name} again, as ${profile.role}.`,
            },
            undoFailed: 'Failed to restore access.',
          });
        },
        onError: (error) => notifyDeleteError(error, 'access', 'Failed to remove access.'),
        onSettled,
      },
    );
  };
  return { removeProfile, pending: remove.isPending };
}

function UserAccess({ user }: { user: User }) {
  const me = useMe();
  const profiles = useUserProfiles([user.id]).data ?? [];
  const names = useTenantNames(profiles.map((profile) => profile.tenantId));
  const [editing, setEditing] = useState<UserProfile | null>(null);
  // Removing access asks first.
  const [removing, setRemoving] = useState<UserProfile | null>(null);

  const canManage = (tenantId: string) => me !== null && canOnTenant(me, tenantId, 'manageAccess');
  const tenantName = (tenantId: string) => names?.get(tenantId);
  // Only tenants the viewer may manage, and (when adding) not those the user already has.
  const taken = new Set(profiles.map((profile) => profile.tenantId));
  const excludeTenant = (tenantId: string) => !canManage(tenantId) || taken.has(tenantId);
  const remove = useRemoveProfile(user, tenantName, (profile) => {
    if (editing?.id === profile.id) setEditing(null);
  });

  const removingName = removing ? (tenantName(removing.tenantId) ?? UNKNOWN_TENANT) : '';

  return (
    <div className="space-y-4">
      <AccessList
        user={user}
        profiles={profiles}
        tenantName={tenantName}
        canManage={canManage}
        removing={remove.pending}
        onEdit={setEditing}
        onRemove={setRemoving}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${user.name}'s access to ${removingName}?`}
        description={`${user.name} loses the ${removing?.role ?? ''} role on ${removingName} at once, and with it everything that role allows there. You can undo it from the toast that follows.`}
        pending={remove.pending}
        onConfirm={() => removing && remove.removeProfile(removing, () => setRemoving(null))}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove access"
        pendingLabel="Removing..."
      />
      <ProfileForm
        // A fresh form per profile, so its fields start from that profile's values.
        key={editing?.id ?? 'new'}
        userId={user.id}
        profile={editing ?? undefined}
        excludeTenant={excludeTenant}
        onDone={() => setEditing(null)}
      />
    </div>
  );
}
