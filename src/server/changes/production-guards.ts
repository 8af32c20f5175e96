import type { Tenant, TenantPatch } from '../../contract/tenants';
import type { Executor } from '../db/client';
import { tenantGatewaySettings } from './kinds/tenant-settings';
import { approvalRequired, requiredApprovalsFor } from './policy';

/**
 * For PATCH /api/tenants/:id, the one gated write that does not go through applyDirect: its body is a
 * whole tenant patch, of which only the gateway and policy server settings are the change
 * `tenant_settings.gateway` (the console requests those alone). The check is that kind's own gate, run
 * by the service on the locked row, so a value changed meanwhile is judged as it is when written.
 */
export async function tenantSettingsGuard(
  db: Executor,
  tenantId: string,
): Promise<(before: Tenant, fields: TenantPatch) => void> {
  const required = await requiredApprovalsFor(db, tenantId, 'production');
  return (before, fields) => {
    // The patch's other fields are no part of the change: the gate reads only the two settings.
    const change = { kind: 'tenant_settings.gateway', tenantId, body: fields } as const;
    const environment = tenantGatewaySettings.gate(change, before);
    if (environment !== null && required > 0) throw approvalRequired(tenantId, environment, required);
  };
}
