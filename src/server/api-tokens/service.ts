import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  DEFAULT_API_TOKEN_DAYS,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
} from '../../contract/api-tokens';
import type { FieldIssue } from '../../contract/errors';
import { recordAudit } from '../audit/service';
import { loadViewer, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { apiTokens, tenants, webAppMeshes } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { findPublicUser } from '../users/service-accounts';
import { newTokenSecret } from '../auth/tokens/secrets';
import { tokenStatusOf } from '../auth/tokens/status';

const DAY_MS = 24 * 3600 * 1000;

type TokenRow = typeof apiTokens.$inferSelect;

function toApiToken(row: TokenRow, now = Date.now()): ApiToken {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    displayPrefix: row.displayPrefix,
    readOnly: row.readOnly,
    tenantIds: row.tenantIds,
    meshId: row.meshId,
    status: tokenStatusOf(row, now),
    createdAt: row.createdAt,
    createdByEmail: row.createdByEmail,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedIp: row.lastUsedIp,
  };
}

/** A user's tokens, newest first, revoked and expired ones included: the list is also their history. */
export async function listApiTokens(db: Executor, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  const now = Date.now();
  return rows.map((row) => toApiToken(row, now));
}

const issue = (path: string, message: string): FieldIssue => ({ path: `body.${path}`, message });

/** Never more than the owner: every tenant must be one the owner reaches, the mesh one they may read. */
async function scopeIssues(db: Executor, owner: Viewer, input: ApiTokenInput): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const tenantIds = input.tenantIds ?? [];
  const existing = tenantIds.length
    ? new Set(
        (await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, tenantIds))).map(
          (t) => t.id,
        ),
      )
    : new Set<string>();
  tenantIds.forEach((tenantId, i) => {
    if (!existing.has(tenantId) || (!owner.isAdmin && !owner.roles.has(tenantId))) {
      issues.push(issue(`tenantIds.${i}`, 'The token’s owner has no access to this tenant'));
    }
  });
  if (input.meshId !== undefined) {
    const [mesh] = await db
      .select({ tenantId: webAppMeshes.tenantId })
      .from(webAppMeshes)
      .where(eq(webAppMeshes.id, input.meshId));
    if (!mesh || (!owner.isAdmin && !owner.roles.has(mesh.tenantId))) {
      issues.push(issue('meshId', 'The token’s owner cannot read this mesh'));
    }
  }
  return issues;
}

/**
 * Creates a token for `owner` (a person's own, or a service account's made by an administrator). The
 * secret is in the reply and nowhere else; the audit event records the scope, never the secret.
 */
export async function createApiToken(
  db: Database,
  owner: Viewer,
  input: ApiTokenInput,
  actor: Actor,
  maxDays: number,
): Promise<ApiTokenCreated> {
  const days = input.expiresInDays ?? Math.min(DEFAULT_API_TOKEN_DAYS, maxDays);
  const issues = await scopeIssues(db, owner, input);
  if (days > maxDays) issues.push(issue('expiresInDays', `At most ${maxDays} days`));
  if (issues.length > 0) {
    const [first] = issues;
    throw badRequest(`Invalid ${first?.path}: ${first?.message}`, issues);
  }
  const secret = newTokenSecret();
  const isMeshToken = input.meshId !== undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: owner.user.id,
        name: input.name,
        secretHash: secret.secretHash,
        displayPrefix: secret.displayPrefix,
        // A host shell's token only ever reads its manifest.
        readOnly: isMeshToken || (input.readOnly ?? false),
        tenantIds: isMeshToken ? null : (input.tenantIds ?? null),
        meshId: input.meshId ?? null,
        createdById: actor.id,
        createdByEmail: actor.email,
        expiresAt: new Date(Date.now() + days * DAY_MS).toISOString(),
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    const created = toApiToken(row);
    const { name, readOnly, tenantIds, meshId, expiresAt, userId } = created;
    await recordAudit(tx, actor, {
      action: 'api_token.create',
      resourceType: 'api_token',
      resourceId: row.id,
      changes: { after: { name, userId, readOnly, tenantIds, meshId, expiresAt } },
    });
    return { ...created, token: secret.token };
  });
}

/** Revokes one of `userId`'s tokens at once; revoking a revoked token changes nothing. */
export async function revokeApiToken(
  db: Database,
  userId: string,
  tokenId: string,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const mine = and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId));
    const [row] = await tx.select({ name: apiTokens.name }).from(apiTokens).where(mine);
    if (!row) throw notFound('API token');
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(mine, isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    if (!revoked) return;
    await recordAudit(tx, actor, {
      action: 'api_token.revoke',
      resourceType: 'api_token',
      resourceId: tokenId,
      changes: { name: row.name, userId },
    });
  });
}

/** The viewer a token made by an administrator would act as: a service account, never a person. */
export async function serviceAccountOwner(db: Database, userId: string): Promise<Viewer> {
  const user = await findPublicUser(db, userId);
  if (!user) throw notFound('User');
  if (user.kind !== 'service') {
    throw conflict('People create their own API tokens: only a service account’s can be made for it');
  }
  return loadViewer(db, user, '');
}

/** The user whose tokens an administrator lists or revokes (404 when there is none). */
export async function assertUserExists(db: Database, userId: string): Promise<void> {
  if (!(await findPublicUser(db, userId))) throw notFound('User');
}
