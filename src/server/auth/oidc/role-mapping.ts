import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SsoRule } from '../../../contract/sso';
import { tenantRoles, type GlobalRole, type RoleSource, type TenantRole } from '../../../contract/users';
import { recordAudit } from '../../audit/service';
import type { Executor } from '../../db/client';
import { tenants, userProfiles, users } from '../../db/schema';
import { nextRevision } from '../../revisions';
import type { Actor } from '../viewer';

/** The roles a user's groups give: global admin or not, and one role per tenant. */
export interface MappedRoles {
  globalAdmin: boolean;
  tenants: Map<string, TenantRole>;
}

/** owner > admin > developer > member: the table lists them strongest first. */
const stronger = (a: TenantRole, b: TenantRole) => (tenantRoles.indexOf(a) <= tenantRoles.indexOf(b) ? a : b);

/** What the rules give these groups; when several rules name one tenant, the strongest role wins. */
export function mapGroups(groups: readonly string[], rules: readonly SsoRule[]): MappedRoles {
  const member = new Set(groups);
  const mapped: MappedRoles = { globalAdmin: false, tenants: new Map() };
  for (const rule of rules) {
    if (!member.has(rule.group)) continue;
    if ('globalRole' in rule) {
      mapped.globalAdmin = true;
      continue;
    }
    const current = mapped.tenants.get(rule.tenantId);
    mapped.tenants.set(rule.tenantId, current ? stronger(current, rule.role) : rule.role);
  }
  return mapped;
}

/**
 * The groups in a claim: a name or a dotted path (`realm_access.roles`), holding a list of strings or
 * one string. Anything else (missing, numbers, objects) counts as no groups.
 */
export function groupsOf(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    value = Object.entries(value).find(([name]) => name === key)?.[1];
  }
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

interface MappedUser {
  id: string;
  globalRole: GlobalRole;
  globalRoleSource: RoleSource;
}

/** The global role after the mapping, and its source; undefined when it stays as it is. */
function nextGlobalRole(user: MappedUser, mapped: MappedRoles) {
  if (mapped.globalAdmin) {
    const changes = user.globalRole !== 'admin' || user.globalRoleSource !== 'sso';
    return changes ? { globalRole: 'admin' as const, globalRoleSource: 'sso' as const } : undefined;
  }
  // Only an admin role the mapping gave is taken back; a role set by hand stays.
  return user.globalRoleSource === 'sso'
    ? { globalRole: 'user' as const, globalRoleSource: 'manual' as const }
    : undefined;
}

/**
 * Makes the user's roles match their groups, at an SSO sign-in: roles the mapping owns (source 'sso')
 * are added, changed or removed; a role set by hand stays unless a rule now covers its tenant, which the
 * mapping then takes over. Rules naming a tenant deleted since are skipped. Audits `user.sso.roles`
 * with what changed, if anything did.
 */
export async function applyRoleMapping(
  tx: Executor,
  user: MappedUser,
  mapped: MappedRoles,
  actor: Actor,
): Promise<void> {
  const changes: Record<string, unknown> = {};
  const global = nextGlobalRole(user, mapped);
  if (global) {
    await tx
      .update(users)
      .set({ ...global, revision: nextRevision(users.revision) })
      .where(eq(users.id, user.id));
    if (global.globalRole !== user.globalRole)
      changes.globalRole = { from: user.globalRole, to: global.globalRole };
  }
  const tenantChanges = await mapTenantRoles(tx, user.id, mapped.tenants);
  Object.assign(changes, tenantChanges);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(tx, actor, {
    action: 'user.sso.roles',
    resourceType: 'user',
    resourceId: user.id,
    changes,
  });
}

async function mapTenantRoles(tx: Executor, userId: string, wanted: Map<string, TenantRole>) {
  const existing = await tx
    .select({
      id: userProfiles.id,
      tenantId: userProfiles.tenantId,
      role: userProfiles.role,
      source: userProfiles.source,
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const ids = [...wanted.keys()];
  const live = ids.length
    ? new Set(
        (await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids))).map((t) => t.id),
      )
    : new Set<string>();
  const added: { tenantId: string; role: TenantRole }[] = [];
  const updated: { tenantId: string; from: TenantRole; to: TenantRole; source: RoleSource }[] = [];
  for (const [tenantId, role] of wanted) {
    if (!live.has(tenantId)) continue;
    const profile = existing.find((row) => row.tenantId === tenantId);
    if (!profile) {
      await tx.insert(userProfiles).values({ userId, tenantId, role, source: 'sso' });
      added.push({ tenantId, role });
    } else if (profile.role !== role || profile.source !== 'sso') {
      await tx
        .update(userProfiles)
        .set({ role, source: 'sso', revision: nextRevision(userProfiles.revision), updatedAt: sql`now()` })
        .where(eq(userProfiles.id, profile.id));
      updated.push({ tenantId, from: profile.role, to: role, source: profile.source });
    }
  }
  const removed = existing.filter((row) => row.source === 'sso' && !wanted.has(row.tenantId));
  if (removed.length > 0) {
    await tx.delete(userProfiles).where(
      and(
        eq(userProfiles.userId, userId),
        inArray(
          userProfiles.id,
          removed.map((row) => row.id),
        ),
      ),
    );
  }
  return {
    ...(added.length ? { added } : {}),
    ...(updated.length ? { updated } : {}),
    ...(removed.length ? { removed: removed.map(({ tenantId, role }) => ({ tenantId, role })) } : {}),
  };
}
