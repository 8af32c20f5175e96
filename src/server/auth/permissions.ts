import type { FastifyRequest } from 'fastify';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import type { TenantAction } from '../../contract/auth';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { lastDeletedRow, type RestorableAction } from '../audit/service';
import type { Database } from '../db/client';
import { badRequest } from '../errors';
import { propertyOf } from '../unknown';

/**
 * Finds the tenant a request acts on. undefined means the resource does not exist: the guard answers
 * 404 with `notFound`, the same message the service would give.
 */
export type TenantResolver = (request: FastifyRequest, db: Database) => Promise<string | undefined>;

/** What a route requires. Every /api route declares one (deny by default); see guard.ts. */
export type Permission =
  /** Anyone, signed in or not: sign-in, health, readiness. */
  | { scope: 'public' }
  /** Any signed-in user; the service narrows what they see to their tenants. */
  | { scope: 'signedIn' }
  /** Global administrators only (catalogue and registry writes, user administration). */
  | { scope: 'admin' }
  /** A role on the tenant the request acts on that allows `action`. */
  | { scope: 'tenant'; action: TenantAction; tenant: TenantResolver; notFound: string };

export const publicRoute = { scope: 'public' } as const satisfies Permission;
export const signedIn = { scope: 'signedIn' } as const satisfies Permission;
export const adminOnly = { scope: 'admin' } as const satisfies Permission;

/**
 * Route config of everything that gives, changes or takes away someone's access (users, passwords, global
 * and tenant roles, service accounts, SSO role rules): a person signed in only. A token must never create
 * or empower a principal that outlives it (docs/automation.md); the guard refuses every token here (403).
 */
export const accessAdministration = { humanOnly: TOKEN_MESSAGES.grantsAccess } as const;

export function onTenant(action: TenantAction, tenant: TenantResolver, notFound: string): Permission {
  return { scope: 'tenant', action, tenant, notFound };
}

/** The tenant named by a path parameter. */
export function tenantFromParam(name: string): TenantResolver {
  return async (request) => {
    const value = propertyOf(request.params, name);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
}

/**
 * The tenant a create request names in its body (web apps, profiles, configuration versions, meshes).
 * Authorization runs before validation, so a missing tenantId is refused here, naming the field.
 */
export const tenantFromBody: TenantResolver = async (request) => {
  const tenantId = propertyOf(request.body, 'tenantId');
  if (typeof tenantId !== 'string' || tenantId.trim().length === 0) {
    throw badRequest('Invalid body.tenantId: Tenant is required', [
      { path: 'body.tenantId', message: 'Tenant is required' },
    ]);
  }
  return tenantId;
};

/** The tenant of the row whose id is in a path parameter (web app, mesh, configuration version...). */
export function tenantFromRow(
  table: PgTable & { id: PgColumn; tenantId: PgColumn },
  param: string,
): TenantResolver {
  return async (request, db) => {
    const id = propertyOf(request.params, param);
    if (typeof id !== 'string' || id.length === 0) return undefined;
    const [row] = await db.select({ tenantId: table.tenantId }).from(table).where(eq(table.id, id)).limit(1);
    return typeof row?.tenantId === 'string' ? row.tenantId : undefined;
  };
}

/**
 * The tenant of a deleted row whose id is in a path parameter, as its delete's audit event recorded it
 * (restoring a user profile). undefined, a 404, when no such deletion is on record.
 */
export function tenantFromDeletion(action: RestorableAction, param: string): TenantResolver {
  return async (request, db) => {
    const id = propertyOf(request.params, param);
    if (typeof id !== 'string' || id.length === 0) return undefined;
    return (await lastDeletedRow(db, action, id))?.tenantId ?? undefined;
  };
}

/** Short, stable description of a permission, used by the authorization matrix test and the docs. */
export function describePermission(permission: Permission): string {
  return permission.scope === 'tenant' ? `tenant:${permission.action}` : permission.scope;
}
