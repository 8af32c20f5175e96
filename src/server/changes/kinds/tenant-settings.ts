import { eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import {
  changedGatewaySettings,
  TENANT_GATEWAY_FIELDS,
  type Tenant,
  type TenantGatewayField,
} from '../../../contract/tenants';
import type { Transaction } from '../../db/client';
import { tenants } from '../../db/schema';
import { notFound } from '../../errors';
import { updateTenant } from '../../tenants/service';
import { undoBy } from './inverse';
import { configurationValue, type ChangeHandler } from './types';

type GatewaySettingsChange = Extract<Change, { kind: 'tenant_settings.gateway' }>;

const LABELS: Record<TenantGatewayField, string> = {
  apiGatewayConfiguration: 'API gateway configuration',
  policyServerConfiguration: 'Policy server configuration',
};

/** A setting as reviewers read it: its JSON, or null for none. */
const shown = (text: string | null | undefined) => (text?.trim() ? configurationValue(text) : null);

async function tenantRow(tx: Transaction, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row;
}

/** The fields the change sets, in the order of the form. */
const fieldsOf = (change: GatewaySettingsChange) =>
  TENANT_GATEWAY_FIELDS.filter((field) => change.body[field] !== undefined);

/**
 * A tenant's API gateway and policy server settings (the OPA bundleUrl among them). They are tenant-wide,
 * not per environment, and production runs on them, so they are production changes under the tenant's
 * policy. Applying runs the tenant PATCH with just these fields; both settings are fingerprinted.
 */
export const tenantGatewaySettings: ChangeHandler<GatewaySettingsChange, Tenant, Tenant> & {
  gate: NonNullable<ChangeHandler<GatewaySettingsChange, Tenant, Tenant>['gate']>;
} = {
  async target(tx, change) {
    const row = await tenantRow(tx, change.tenantId);
    const what = fieldsOf(change).map((field) => LABELS[field].toLowerCase());
    return {
      scope: change.tenantId,
      environment: 'production',
      action: 'configure',
      title: `Change the ${what.join(' and ') || 'gateway settings'} of ${row.name}`,
    };
  },
  async snapshot(tx, change) {
    const row = await tenantRow(tx, change.tenantId);
    return {
      fingerprint: JSON.stringify(TENANT_GATEWAY_FIELDS.map((field) => row[field])),
      diff: fieldsOf(change).map((field) => ({
        label: LABELS[field],
        before: shown(row[field]),
        after: shown(change.body[field]),
      })),
    };
  },
  // Sending back the stored value, as a form does, is no change: judged on the locked row.
  gate: (change, before) => (changedGatewaySettings(before, change.body).length > 0 ? 'production' : null),
  async undo(tx, change) {
    const row = await tenantRow(tx, change.tenantId);
    const body = Object.fromEntries(fieldsOf(change).map((field) => [field, row[field] ?? '']));
    return undoBy([{ kind: 'tenant_settings.gateway', tenantId: row.id, body }]);
  },
  apply: (tx, change, actor, direct) =>
    updateTenant(tx, change.tenantId, change.body, actor, direct?.expected, direct?.onLocked),
};
