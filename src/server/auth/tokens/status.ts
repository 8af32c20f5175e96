import type { ApiTokenStatus } from '../../../contract/api-tokens';

/** Where a token stands at `now`: revoked wins over expired, so the list says what someone did. */
export function tokenStatusOf(
  row: { revokedAt: string | null; expiresAt: string },
  now = Date.now(),
): ApiTokenStatus {
  if (row.revokedAt !== null) return 'revoked';
  return Date.parse(row.expiresAt) <= now ? 'expired' : 'active';
}
