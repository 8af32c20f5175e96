import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tenants } from '../db/schema';
import { notFound } from '../errors';

/**
 * The tenant a gateway read names, with its gateway configuration (the Kong file matches its hosts);
 * 404 when there is none (administrators pass the guard for any id).
 */
export async function requireTenant(
  db: Executor,
  tenantId: string,
): Promise<{ id: string; name: string; apiGatewayConfiguration: string | null }> {
  const [tenant] = await db
    .select({ id: tenants.id, name: tenants.name, apiGatewayConfiguration: tenants.apiGatewayConfiguration })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound('Tenant');
  return tenant;
}
