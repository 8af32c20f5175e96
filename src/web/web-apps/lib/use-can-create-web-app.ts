import { isGlobalAdmin, roleAllows } from '@contract/roles';
import { useMe } from '@/auth';

/** Administrators, and members whose role in some tenant allows managing its web apps. */
export function useCanCreateWebApp(): boolean {
  const me = useMe();
  if (me === null) return false;
  return (
    isGlobalAdmin(me.user) || me.memberships.some((membership) => roleAllows(membership.role, 'webApps'))
  );
}
