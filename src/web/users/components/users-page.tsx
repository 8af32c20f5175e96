import { roleAllows } from '@contract/roles';
import type { User, UserProfile } from '@contract/users';
import { Plus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useIsAdmin, useMe } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTenants } from '@/tenants';
import { useUserProfiles } from '@/users/api/get-user-profiles';
import { useUsers } from '@/users/api/get-users';
import { UserCard } from '@/users/components/user-card';
import { UserDialogs, type DialogState } from '@/users/components/user-dialogs';
import { UsersToolbar } from '@/users/components/users-toolbar';

/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /users: the people who can sign in, and the tenants each can reach (SPEC.md "User Management"). */
export function UsersPage() {
  const isAdmin = useIsAdmin();
  const me = useMe();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ kind: 'create', user: null, open: false });
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const users = useUsers({ q: q || undefined });
  const profiles = useUserProfiles();
  const tenants = useTenants();
  // Owners manage access on their tenants; administrators everywhere.
  const canManageAccess =
    isAdmin || (me?.memberships.some((m) => roleAllows(m.role, 'manageAccess')) ?? false);

  const profilesByUser = useMemo(() => {
    const map = new Map<string, UserProfile[]>();
    for (const profile of profiles.data ?? [])
      map.set(profile.userId, [...(map.get(profile.userId) ?? []), profile]);
    return map;
  }, [profiles.data]);
  const tenantNames = useMemo(
    () => new Map((tenants.data ?? []).map((tenant) => [tenant.id, tenant.name])),
    [tenants.data],
  );

  const rows = users.data ?? [];
  // Tenant names are secondary: wait for them, but a failure only leaves 'Unknown Tenant'.
  const status =
    users.status === 'error' || profiles.status === 'error'
      ? 'error'
      : users.isPending || profiles.isPending || tenants.isPending
        ? 'pending'
        : 'success';
  const open = (kind: DialogState['kind'], user: User | null) => setDialog({ kind, user, open: true });

  return (
    <div className="space-y-6">
      <PageHeader
        title="User Management"
        description="Manage users, their global roles and their access to tenants."
        actions={
          isAdmin && (
            <Button onClick={() => open('create', null)}>
              <Plus aria-hidden="true" />
              Add User
            </Button>
          )
        }
      />
      <UsersToolbar search={search} onSearchChange={setSearch} />
      <ListState
        status={status}
        error={users.error ?? profiles.error}
        onRetry={() => void Promise.all([users.refetch(), profiles.refetch(), tenants.refetch()])}
        errorTitle="Could not load users"
        isEmpty={rows.length === 0}
        loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading users...</p>}
        empty={
          <EmptyState
            icon={Users}
            title="No users found"
            description={q ? 'Try adjusting your search criteria' : 'Get started by adding your first user'}
          />
        }
      >
        <div
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-busy={users.isPlaceholderData || undefined}
        >
          {rows.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              profiles={profilesByUser.get(user.id) ?? []}
              tenantName={(tenantId) => tenantNames.get(tenantId)}
              canManageAccess={canManageAccess}
              canEdit={isAdmin}
              onAction={(kind) => open(kind, user)}
            />
          ))}
        </div>
      </ListState>
      <UserDialogs
        state={dialog}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        isAdmin={isAdmin}
      />
    </div>
  );
}
