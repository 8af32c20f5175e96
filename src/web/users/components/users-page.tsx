import { roleAllows } from '@contract/roles';
import type { User } from '@contract/users';
import { Bot, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useIsAdmin, useMe } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/list/paged-list';
import { UserCard } from '@/users/components/user-card';
import { UserDialogs, type DialogState } from '@/users/components/user-dialogs';
import { UsersToolbar } from '@/users/components/users-toolbar';
import { useUserRows } from '@/users/lib/use-user-rows';
import { useUsersView } from '@/users/lib/users-view';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Add service account and Add User (global administrators). */
function AddActions({ onOpen }: { onOpen: (kind: 'service-account' | 'create') => void }) {
  return (
    <>
      <Button variant="outline" onClick={() => onOpen('service-account')}>
        <Bot aria-hidden="true" />
        Add service account
      </Button>
      <Button onClick={() => onOpen('create')}>
        <Plus aria-hidden="true" />
        Add User
      </Button>
    </>
  );
}

function UsersEmpty({ searching }: { searching: boolean }) {
  return (
    <EmptyState
      icon={Users}
      title="No users found"
      description={searching ? 'Try adjusting your search criteria' : 'Get started by adding your first user'}
    />
  );
}

/** Owners manage access on their tenants; administrators everywhere. */
function useCanManageAccess(isAdmin: boolean) {
  const me = useMe();
  return isAdmin || (me?.memberships.some((m) => roleAllows(m.role, 'manageAccess')) ?? false);
}

/**
 * /users: the people who sign in and the service accounts pipelines act as, and the tenants each can
 * reach (docs/product.md, User Management; docs/api-access.md).
 */
export function UsersPage() {
  useDocumentTitle('Users');
  const isAdmin = useIsAdmin();
  const view = useUsersView();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'create', user: null, open: false });
  const { users, profiles, rows, profilesByUser, tenantNames, status } = useUserRows(view);
  const canManageAccess = useCanManageAccess(isAdmin);
  const open = (kind: DialogState['kind'], user: User | null) => setDialog({ kind, user, open: true });

  return (
    <div className="space-y-6">
      <PageHeader
        title="User Management"
        description="Manage users and service accounts, their global roles and their access to tenants."
        actions={isAdmin && <AddActions onOpen={(kind) => open(kind, null)} />}
      />
      <UsersToolbar view={view} />
      <ListState
        status={status}
        error={users.error ?? profiles.error}
        onRetry={() => void Promise.all([users.refetch(), profiles.refetch()])}
        errorTitle="Could not load users"
        isEmpty={rows.length === 0 && view.page === 1}
        loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading users...</p>}
        empty={<UsersEmpty searching={!!view.q} />}
      >
        <PagedList
          view={view}
          total={users.data?.total ?? 0}
          links={users.data}
          shown={rows.length}
          busy={users.isPlaceholderData}
          label="Users pages"
          className="space-y-6"
        >
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((user) => (
              <UserCard
                key={user.id}
                user={user}
                profiles={profilesByUser.get(user.id) ?? []}
                tenantName={(tenantId) => tenantNames?.get(tenantId)}
                canManageAccess={canManageAccess}
                canEdit={isAdmin}
                onAction={(kind) => open(kind, user)}
              />
            ))}
          </div>
        </PagedList>
      </ListState>
      <UserDialogs
        state={dialog}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        isAdmin={isAdmin}
      />
    </div>
  );
}
