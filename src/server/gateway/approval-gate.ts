import { and, eq } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import { assertDirectChangeAllowed } from '../changes/policy';
import type { Database } from '../db/client';
import { type gatewayRoutes, type opaPolicies } from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses a direct write to a gateway lineage in an environment whose approval policy asks for a change
 * request (docs/changes.md). The environment is the body's (create), the target (promote), or the
 * lineage's; an unknown lineage or version passes here and the service answers its 404.
 */
export async function assertGatewayChangeAllowed(
  db: Database,
  table: typeof gatewayRoutes | typeof opaPolicies,
  tenantId: string,
  where: { environment: Environment } | { lineageId: string } | { versionId: string },
): Promise<void> {
  let environment: Environment | undefined;
  if ('environment' in where) {
    environment = where.environment;
  } else {
    // The two tables share these columns; drizzle cannot type a query over a union of tables.
    const t = table as typeof gatewayRoutes;
    const byId =
      'lineageId' in where
        ? UUID.test(where.lineageId) && eq(t.lineageId, where.lineageId)
        : eq(t.id, where.versionId);
    if (!byId) return;
    const [row] = await db
      .select({ environment: t.environment })
      .from(t)
      .where(and(eq(t.tenantId, tenantId), byId))
      .limit(1);
    environment = row?.environment as Environment | undefined;
  }
  if (environment) await assertDirectChangeAllowed(db, tenantId, environment);
}
