import type { UserProfile } from '@contract/users';
import { useMemo } from 'react';
import { useTenantNames } from '@/tenants';
import { useUserProfiles } from '@/users/api/get-user-profiles';
import { useUsers } from '@/users/api/get-users';
import type { UsersView } from '@/users/lib/users-view';

/** The users page's reads: this page of users, their profiles by user, and the names of their tenants. */
export function useUserRows(view: UsersView) {
  const users = useUsers(view.query);
  const profiles = useUserProfiles((users.data?.rows ?? []).map((user) => user.id));
  const profilesByUser = useMemo(() => {
    const map = new Map<string, UserProfile[]>();
    for (const profile of profiles.data ?? [])
      map.set(profile.userId, [...(map.get(profile.userId) ?? []), profile]);
    return map;
  }, [profiles.data]);
  const rows = users.data?.rows ?? [];
  // Names of just the tenants this page's cards show, through the options endpoint's ids=.
  const tenantNames = useTenantNames(
    rows.flatMap((user) => (profilesByUser.get(user.id) ?? []).map((p) => p.tenantId)),
  );

  // Tenant names are secondary: wait for them, but a failure only leaves 'Unknown Tenant'.
  const status =
    users.status === 'error' || profiles.status === 'error'
      ? 'error'
      : users.isPending || profiles.isPending || tenantNames === undefined
        ? 'pending'
        : 'success';
  return { users, profiles, rows, profilesByUser, tenantNames, status } as const;
}
