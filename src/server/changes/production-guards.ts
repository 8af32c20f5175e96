import { changedGatewaySettings, type Tenant, type TenantPatch } from '../../contract/tenants';
import { webAppPatchServesProduction, type WebApp, type WebAppPatch } from '../../contract/web-apps';
import type { Executor } from '../db/client';
import { directChangeGuard } from './policy';

/*
 * Direct writes that change production only for some of their fields: the tenant PATCH (its gateway
 * and policy server settings) and the web app PATCH (a production app's URL). Each answers a check that
 * the service runs on the locked row, so a value changed meanwhile is judged as it is when written; it
 * refuses with 409 APPROVAL_REQUIRED where the tenant's production policy asks for approvals, and the
 * console then requests the change (tenant_settings.gateway, web_app.update).
 */

/** For PATCH /api/tenants/:id: a change of its API gateway or policy server settings. */
export async function tenantSettingsGuard(
  db: Executor,
  tenantId: string,
): Promise<(before: Tenant, fields: TenantPatch) => void> {
  const refuse = await directChangeGuard(db, tenantId, 'production');
  return (before, fields) => {
    if (changedGatewaySettings(before, fields).length > 0) refuse();
  };
}

/** For PATCH /api/web-apps/:id: a change of what production serves from the app. */
export async function webAppGuard(
  db: Executor,
  tenantId: string,
): Promise<(before: WebApp, patch: WebAppPatch) => void> {
  const refuse = await directChangeGuard(db, tenantId, 'production');
  return (before, patch) => {
    if (webAppPatchServesProduction(before, patch)) refuse();
  };
}
