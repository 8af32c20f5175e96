import { canOnTenant, isGlobalAdmin, type MeLike, type TenantAction } from '@contract/roles';
import { useMe } from '@/auth/api/get-me';

/**
 * What the signed-in user may do, for hiding or disabling controls. The server enforces the same table
 * (src/contract/roles.ts); these only spare the user a refusal.
 */
export function useIsAdmin(): boolean {
  const me = useMe();
  return me !== null && isGlobalAdmin(me.user);
}

export function useCanOnTenant(tenantId: string | null | undefined, action: TenantAction): boolean {
  const me = useMe();
  return me !== null && !!tenantId && canOnTenant(me, tenantId, action);
}

/** Administrators read the whole audit log; tenant owners read their tenants' events. */
export function canReadAuditLog(me: MeLike): boolean {
  return isGlobalAdmin(me.user) || me.memberships.some((m) => m.role === 'owner');
}

export function useCanReadAuditLog(): boolean {
  const me = useMe();
  return me !== null && canReadAuditLog(me);
}
