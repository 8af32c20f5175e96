/**
 * Tenant roles and what they allow: pure data and functions, no zod, so the client's initial bundle can
 * use them to hide what the server would refuse.
 */
import { isOneOf } from './sets';

export const tenantRoles = ['owner', 'admin', 'developer', 'member'] as const;

/** What a user can do inside one tenant. */
export const tenantActions = [
  'read',
  'configure',
  'subscribe',
  'blueGreen',
  'versions',
  'webApps',
  'meshes',
  'manageAccess',
  'delete',
  /** Approving or rejecting another person's change request (docs/changes.md). */
  'approve',
] as const;
export type TenantAction = (typeof tenantActions)[number];
export type TenantRole = (typeof tenantRoles)[number];
export const tenantRoleNames: Record<TenantRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  member: 'Member',
};

/**
 * The one role table (DESIGN.md "Security"): owner > admin > developer > member. Global admins may do
 * everything everywhere; an unknown role reads only.
 */
export const tenantRoleActions: Record<TenantRole, readonly TenantAction[]> = {
  owner: tenantActions,
  admin: ['read', 'configure', 'subscribe', 'blueGreen', 'versions', 'webApps', 'meshes', 'approve'],
  developer: ['read', 'versions', 'webApps', 'meshes'],
  member: ['read'],
};

/** The signed-in user and their tenant roles, as GET /api/auth/me answers. */
export interface MeLike {
  user: { globalRole: string };
  memberships: { tenantId: string; role: string }[];
}

export const isGlobalAdmin = (user: { globalRole: string }): boolean => user.globalRole === 'admin';

export function roleAllows(role: string | undefined, action: TenantAction): boolean {
  if (role === undefined) return false;
  const actions = tenantRoleActions[isOneOf(tenantRoles, role) ? role : 'member'];
  return actions.includes(action);
}

/** Whether `me` may do `action` in `tenantId`: the client hides what this refuses, the server enforces it. */
export function canOnTenant(me: MeLike, tenantId: string, action: TenantAction): boolean {
  if (isGlobalAdmin(me.user)) return true;
  return roleAllows(me.memberships.find((m) => m.tenantId === tenantId)?.role, action);
}
