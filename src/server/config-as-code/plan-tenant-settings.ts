import { docTenantSettingsSchema, type TenantSpec } from '../../contract/config-doc';
import { TENANT_GATEWAY_FIELDS } from '../../contract/tenants';
import { isOneOf } from '../../contract/sets';
import { badRequest } from '../errors';
import type { LiveTenant } from './export-tenant';
import { withSecrets } from '../secrets/secret-values';
import { jsonOf, regionPoliciesOf, sameValue, textOf } from './json-values';
import { storedText, type Drafts } from './drafts';

/* A tenant document's settings, approval policy and slots, planned against the live tenant. */

type Settings = TenantSpec['settings'];
type Field = keyof Settings;

/** The settings the server keeps as JSON text: values in the document, secrets as references. */
const JSON_FIELDS = [
  'idpConfiguration',
  'authConfiguration',
  'apiGatewayConfiguration',
  'policyServerConfiguration',
  'environmentRegionPolicies',
] as const satisfies Field[];

const isJsonField = (field: Field): field is (typeof JSON_FIELDS)[number] => isOneOf(JSON_FIELDS, field);

/** A settings value compared as an export writes it: text trimmed, regions as a sorted set. */
function comparable(field: Field, value: unknown): unknown {
  if (field === 'allowedRegions') return Array.isArray(value) ? [...value].sort() : value;
  if (field === 'environmentRegionPolicies') return regionPoliciesOf(value);
  if (typeof value === 'string' && !isJsonField(field)) return storedText(value);
  return value;
}

/** The value a change body carries for a field: JSON text with the server's secrets kept. */
function bodyValue(field: Field, wanted: unknown, live: LiveTenant): unknown {
  if (!isJsonField(field)) return wanted;
  const missing = (ref: string): never => {
    throw badRequest(`spec.settings.${field}: ${ref} refers to no secret the server holds`, [
      { path: `spec.settings.${field}`, message: `${ref} refers to no secret the server holds` },
    ]);
  };
  return textOf(withSecrets(wanted, jsonOf(live.row[field]), missing)) ?? '';
}

/** tenant.update for the tenant's own fields and tenant_settings.gateway for the gateway's two. */
export function planSettings(drafts: Drafts, spec: TenantSpec, live: LiveTenant, name: string): void {
  const changed = docTenantSettingsSchema
    .keyof()
    .options.filter(
      (field) => !sameValue(comparable(field, spec.settings[field]), comparable(field, live.settings[field])),
    );
  const key = live.row.name;
  const gateway = changed.filter((field) => isOneOf<string>(TENANT_GATEWAY_FIELDS, field));
  if (gateway.length > 0) {
    const body = Object.fromEntries(
      gateway.map((field) => [field, bodyValue(field, spec.settings[field], live)]),
    );
    drafts.add({ kind: 'tenant_settings.gateway', tenantId: live.row.id, body }, 'tenant', key, live.row.id);
  }
  const own = changed.filter((field) => !gateway.includes(field));
  const renamed = name !== live.row.name;
  if (own.length === 0 && !renamed) return;
  const body = Object.fromEntries(own.map((field) => [field, bodyValue(field, spec.settings[field], live)]));
  // The document is explicit about its regions: a widening it asks for is confirmed by filing it.
  const widens = own.includes('allowedRegions') || own.includes('environmentRegionPolicies');
  const change = {
    kind: 'tenant.update' as const,
    tenantId: live.row.id,
    body: { ...body, ...(renamed && { name }), ...(widens && { confirmWidening: true }) },
  };
  drafts.add(change, 'tenant', key, live.row.id);
}

/** approval_policy.set when any environment's number differs. */
export function planApprovalPolicy(
  drafts: Drafts,
  wanted: TenantSpec['approvalPolicy'],
  live: TenantSpec['approvalPolicy'],
  scope: { tenantId: string | null; key: string },
): void {
  if (sameValue(wanted, live)) return;
  drafts.add(
    { kind: 'approval_policy.set', tenantId: scope.tenantId, body: { requiredApprovals: wanted } },
    'approval_policy',
    scope.key,
    scope.tenantId,
  );
}

/** tenant_blue_green.slot_version for each slot whose version differs, in an environment with blue-green. */
export function planSlots(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const byEnvironment = new Map(live.slots.map((s) => [s.environment, s]));
  spec.slots.forEach((wanted, index) => {
    const current = byEnvironment.get(wanted.environment);
    if (!current) {
      drafts.cannot(`spec.slots[${index}].environment`, `blue-green is not enabled in ${wanted.environment}`);
      return;
    }
    for (const slot of ['blue', 'green'] as const) {
      const version = slot === 'blue' ? wanted.blueVersion : wanted.greenVersion;
      if (version === (slot === 'blue' ? current.blueVersion : current.greenVersion)) continue;
      if (version.trim() === '') {
        drafts.cannot(`spec.slots[${index}].${slot}Version`, 'a slot version cannot be emptied');
        continue;
      }
      drafts.add(
        {
          kind: 'tenant_blue_green.slot_version',
          tenantId: live.row.id,
          body: { environment: wanted.environment, slot, version },
        },
        'slot',
        `${wanted.environment}/${slot}`,
        live.row.id,
      );
    }
  });
}
