import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isGlobalAdmin, roleAllows, type Me, type TenantAction, type TenantRole } from '../../contract/auth';
import type { ApiTokenScope } from '../../contract/api-tokens';
import type { User } from '../../contract/users';
import type { Executor } from '../db/client';
import { userProfiles } from '../db/schema';
import type { Actor } from '../audit/actor';

export type { Actor } from '../audit/actor';

/** The API token a request came with, and what it narrows (docs/automation.md). */
export interface ViewerToken extends ApiTokenScope {
  id: string;
  name: string;
}

/** The signed-in user of a request, with their tenant roles read fresh from the database. */
export interface Viewer {
  user: User;
  /** The session's id; for a token request, `token:<id>`. */
  sessionId: string;
  /** Set when the request authenticated with an API token rather than a session cookie. */
  token?: ViewerToken;
  isAdmin: boolean;
  /** tenantId -> role, for active profiles. */
  roles: Map<string, TenantRole>;
}

/** A tenant id and the role an active profile gives on it. */
export type TenantRoleEntry = [tenantId: string, role: TenantRole];

/**
 * The user's active tenant roles as one JSON column, so the read that finds who is asking (session or
 * token joined to its user) brings them too: one statement per request instead of two.
 */
export const activeTenantRoles = (userId: PgColumn | string): SQL<TenantRoleEntry[]> =>
  sql<TenantRoleEntry[]>`coalesce((
    select json_agg(json_build_array(${userProfiles.tenantId}, ${userProfiles.role}))
    from ${userProfiles}
    where ${userProfiles.userId} = ${userId} and ${userProfiles.status} = 'active'
  ), '[]'::json)`;

export function viewerOf(user: User, sessionId: string, roles: TenantRoleEntry[]): Viewer {
  return { user, sessionId, isAdmin: isGlobalAdmin(user), roles: new Map(roles) };
}

/** The viewer of a user already in hand (a sign-in, a service account's token being made). */
export async function loadViewer(db: Executor, user: User, sessionId: string): Promise<Viewer> {
  const [row] = await db.select({ roles: activeTenantRoles(user.id) }).from(sql`(select 1) as one`);
  return viewerOf(user, sessionId, row?.roles ?? []);
}

export function viewerCan(viewer: Viewer, tenantId: string, action: TenantAction): boolean {
  return viewer.isAdmin || roleAllows(viewer.roles.get(tenantId), action);
}

/** Which tenants a viewer's lists may show: every tenant for admins, else those holding a profile. */
export type TenantScope = { all: true } | { all: false; tenantIds: string[] };

export function tenantScope(viewer: Viewer, action: TenantAction = 'read'): TenantScope {
  if (viewer.isAdmin) return { all: true };
  return {
    all: false,
    tenantIds: [...viewer.roles].filter(([, role]) => roleAllows(role, action)).map(([id]) => id),
  };
}

/**
 * What a list of the rows a viewer may `action` adds to its WHERE on their `tenantId` column: nothing for
 * administrators, else the viewer's tenants (never a platform row, whose tenant is null); `null` when the
 * viewer has no such tenant, so the caller answers an empty list without a query.
 */
export function tenantCondition(
  viewer: Viewer,
  action: TenantAction,
  tenantId: PgColumn,
): SQL | undefined | null {
  const scope = tenantScope(viewer, action);
  if (scope.all) return undefined;
  return scope.tenantIds.length === 0 ? null : inArray(tenantId, scope.tenantIds);
}

export function toMe(viewer: Viewer): Me {
  return {
    user: viewer.user,
    memberships: [...viewer.roles].map(([tenantId, role]) => ({ tenantId, role })),
  };
}

export const actorOf = (viewer: Viewer, ip?: string): Actor => ({
  id: viewer.user.id,
  email: viewer.user.email,
  ip,
  ...(viewer.token && { token: { id: viewer.token.id, name: viewer.token.name } }),
});

/** A WHERE condition keeping rows of the tenants in scope (undefined: no restriction). */
export function inTenantScope(column: PgColumn, scope: TenantScope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.tenantIds.length > 0 ? inArray(column, scope.tenantIds) : sql`false`;
}
