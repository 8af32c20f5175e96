import { eq, sql } from 'drizzle-orm';
import { TOKEN_MESSAGES } from '../../../contract/api-tokens';
import type { User } from '../../../contract/users';
import { activeTenantRoles, type TenantRoleEntry, type ViewerToken } from '../viewer';
import type { Executor } from '../../db/client';
import { readPrepared } from '../../db/pg-direct';
import { preparedPerDatabase } from '../../db/prepared';
import { apiTokens, users } from '../../db/schema';
import { unauthenticated } from '../../errors';
import { hashTokenSecret } from './secrets';
import { tokenStatusOf } from './status';
import { publicUserColumns } from '../user-columns';

/** Last use is written at most this often, so a pipeline's reads do not each turn into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** The read that finds who is asking with a bearer token (db/prepared.ts). */
const tokenRead = preparedPerDatabase((db) =>
  db
    .select({
      user: publicUserColumns,
      roles: activeTenantRoles(users.id),
      id: apiTokens.id,
      name: apiTokens.name,
      readOnly: apiTokens.readOnly,
      tenantIds: apiTokens.tenantIds,
      meshId: apiTokens.meshId,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.secretHash, sql.placeholder('secretHash')))
    .prepare('resolve_api_token'),
);

/**
 * The owner and scope of a bearer token, read on every request so a revocation or a disabled owner
 * counts at once; the owner's tenant roles come in the same statement. Refuses with 401 saying why: unknown, revoked, expired, or its owner disabled.
 */
export async function resolveApiToken(
  db: Executor,
  secret: string,
  ip: string,
): Promise<{ user: User; roles: TenantRoleEntry[]; token: ViewerToken }> {
  const [row] = await readPrepared(tokenRead(db), { secretHash: hashTokenSecret(secret) });
  if (!row) throw unauthenticated(TOKEN_MESSAGES.invalid);
  // The owner first: disabling them revokes their tokens too, and "disabled" says more than "revoked".
  if (row.user.status !== 'active') throw unauthenticated(TOKEN_MESSAGES.ownerDisabled);
  const status = tokenStatusOf(row);
  if (status !== 'active') throw unauthenticated(TOKEN_MESSAGES[status]);
  const now = Date.now();
  if (row.lastUsedAt === null || now - Date.parse(row.lastUsedAt) >= TOUCH_INTERVAL_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now).toISOString(), lastUsedIp: ip })
      .where(eq(apiTokens.id, row.id));
  }
  const token: ViewerToken = {
    id: row.id,
    name: row.name,
    readOnly: row.readOnly,
    tenantIds: row.tenantIds,
    meshId: row.meshId,
  };
  return { user: row.user, roles: row.roles, token };
}
