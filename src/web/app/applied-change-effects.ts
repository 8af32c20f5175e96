import type { QueryKey } from '@tanstack/react-query';
import { auditKeys } from '@/audit';
import { capabilityKeys } from '@/capabilities';
import { deploymentKeys } from '@/deployments';
import { webAppWriteRoots } from '@/web-apps';
import type { AppliedChangeEffects } from '@/lib/applied-change-effects';
import { configurationVersionRoots } from '@/control-plane';
import { gatewayKeys } from '@/gateway';
import { tenantKeys } from '@/tenants';

/*
 * What each kind of change touches once applied, by the owning features' key factories: the one table
 * a new change kind must join (the type has a key per kind, so leaving one out does not compile). The
 * app composes it, as the only place that may import every feature; see docs/changes-console.md.
 */

/** Every applied change writes the audit log. */
const touching =
  (roots: (tenantId: string | null) => readonly QueryKey[]) =>
  (tenantId: string | null): readonly QueryKey[] => [...roots(tenantId), auditKeys.all];

const configuration = touching(configurationVersionRoots);
/** A tenant's blue-green state lives on the tenant row. */
const tenantBlueGreen = touching((tenantId) => [
  tenantId === null ? tenantKeys.all : tenantKeys.detail(tenantId),
]);
/** A shared capability's blue-green state lives on the capability row, shown by every catalogue screen. */
const capabilityBlueGreen = touching(() => [capabilityKeys.all]);
const deployment = touching(() => [deploymentKeys.all]);
/** A tenant's gateway and policy server settings live on the tenant row. */
const tenantSettings = touching((tenantId) => [
  tenantId === null ? tenantKeys.all : tenantKeys.detail(tenantId),
]);
/** Web apps, the Overview that counts and lists them, and the meshes that show them (the feature's own list). */
const webApp = touching(() => webAppWriteRoots);
/** A policy is read under the changes feature's own root, which every request mutation refreshes. */
const approvalPolicy = touching(() => []);
const lineage = (kind: 'routes' | 'policies') =>
  touching((tenantId) => (tenantId === null ? [] : [gatewayKeys.all(kind, tenantId)]));
const route = lineage('routes');
const policy = lineage('policies');

export const appliedChangeEffects: AppliedChangeEffects = {
  'configuration.create': configuration,
  'configuration.activate': configuration,
  'configuration.promote': configuration,
  'tenant_blue_green.switch': tenantBlueGreen,
  'tenant_blue_green.rollback': tenantBlueGreen,
  'tenant_blue_green.slot_version': tenantBlueGreen,
  'capability_blue_green.switch': capabilityBlueGreen,
  'capability_blue_green.rollback': capabilityBlueGreen,
  'capability_blue_green.slot_version': capabilityBlueGreen,
  'microfrontend_deployment.switch': deployment,
  'capability_deployment.switch': deployment,
  'microfrontend_deployment.deploy': deployment,
  'capability_deployment.deploy': deployment,
  'deployment_rollout.action': deployment,
  'gateway_route.create': route,
  'gateway_route.edit': route,
  'gateway_route.activate': route,
  'gateway_route.disable': route,
  'gateway_route.delete': route,
  'gateway_route.promote': route,
  'opa_policy.create': policy,
  'opa_policy.edit': policy,
  'opa_policy.activate': policy,
  'opa_policy.disable': policy,
  'opa_policy.delete': policy,
  'opa_policy.promote': policy,
  'tenant_settings.gateway': tenantSettings,
  'web_app.update': webApp,
  'approval_policy.set': approvalPolicy,
};
