import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SsoRule } from '../../../contract/sso';
import { tenantRoles, type GlobalRole, type RoleSource, type TenantRole } from '../../../contract/users';
import { changedFields } from '../../audit/changes';
import { recordAudit } from '../../audit/service';
import type { Executor } from '../../db/client';
import { tenants, userProfiles, users } from '../../db/schema';
import { nextRevision } from '../../revisions';
import type { Actor } from '../viewer';

type UserProfileRow = typeof userProfiles.$inferSelect;

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
 * mapping then takes over. Rules naming a tenant deleted since are skipped. The global role's changes are
 * audited as `user.sso.roles`; each tenant touched gets its own `user_profile.*` event with that tenant,
 * as a change in the console would, so its owners read it and its members' screens refresh. Taking over
 * a role set by hand says so (`manualRoleTakenOver`), even when the role itself stays the same.
 */
export async function applyRoleMapping(
  tx: Executor,
  user: MappedUser,
  mapped: MappedRoles,
  actor: Actor,
): Promise<void> {
  await mapGlobalRole(tx, user, mapped, actor);
  await mapTenantRoles(tx, user.id, mapped.tenants, actor);
}

/** What every event of the mapping says: the identity provider's groups did it, at the user's sign-in. */
const VIA_SSO = { via: 'sso' } as const;
const TAKEN_OVER = { manualRoleTakenOver: true } as const;

async function mapGlobalRole(tx: Executor, user: MappedUser, mapped: MappedRoles, actor: Actor) {
  const next = nextGlobalRole(user, mapped);
  if (!next) return;
  await tx
    .update(users)
    .set({ ...next, revision: nextRevision(users.revision) })
    .where(eq(users.id, user.id));
  const changes = {
    ...changedFields(
      { globalRole: user.globalRole, globalRoleSource: user.globalRoleSource },
      { globalRole: next.globalRole, globalRoleSource: next.globalRoleSource },
    ),
    ...(user.globalRole === 'admin' && user.globalRoleSource === 'manual' ? TAKEN_OVER : {}),
    ...VIA_SSO,
  };
  await recordAudit(tx, actor, {
    action: 'user.sso.roles',
    resourceType: 'user',
    resourceId: user.id,
    changes,
  });
}

async function mapTenantRoles(tx: Executor, userId: string, wanted: Map<string, TenantRole>, actor: Actor) {
  const existing = await tx.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  const ids = [...wanted.keys()];
  const live = ids.length
    ? new Set(
        (await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids))).map((t) => t.id),
      )
    : new Set<string>();
  const audit = (action: string, profile: UserProfileRow, changes: object) =>
    recordAudit(tx, actor, {
      action: `user_profile.${action}`,
      resourceType: 'user_profile',
      resourceId: profile.id,
      tenantId: profile.tenantId,
      changes: { ...changes, ...VIA_SSO },
      ...(action === 'update' ? { revision: profile.revision } : {}),
    });
  for (const [tenantId, role] of wanted) {
    if (!live.has(tenantId)) continue;
    const before = existing.find((row) => row.tenantId === tenantId);
    if (!before) {
      const [after] = await tx
        .insert(userProfiles)
        .values({ userId, tenantId, role, source: 'sso' })
        .returning();
      if (after) await audit('create', after, { after });
    } else if (before.role !== role || before.source !== 'sso') {
      const [after] = await tx
        .update(userProfiles)
        .set({ role, source: 'sso', revision: nextRevision(userProfiles.revision), updatedAt: sql`now()` })
        .where(eq(userProfiles.id, before.id))
        .returning();
      const takenOver = before.source === 'manual' ? TAKEN_OVER : {};
      if (after)
        await audit('update', after, { ...changedFields(before, after, ['role', 'source']), ...takenOver });
    }
  }
  // A profile deactivated by hand stays, inactive: deleting it would let the group, once back, make it
  // again active (docs/sso.md).
  const gone = existing.filter(
    (row) => row.source === 'sso' && row.status === 'active' && !wanted.has(row.tenantId),
  );
  if (gone.length === 0) return;
  const removed = await tx
    .delete(userProfiles)
    .where(
      and(
        eq(userProfiles.userId, userId),
        inArray(
          userProfiles.id,
          gone.map((row) => row.id),
        ),
      ),
    )
    .returning();
  for (const before of removed) await audit('delete', before, { before });
}
