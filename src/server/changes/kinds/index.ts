import type { Change } from '../../../contract/changes';
import { approvalPolicySet } from './approval-policy';
import {
  capabilityRollback,
  capabilitySlotVersion,
  capabilitySwitch,
  tenantRollback,
  tenantSlotVersion,
  tenantSwitch,
} from './blue-green';
import { activateConfiguration, createConfiguration, promoteConfiguration } from './configuration';
import {
  capabilityDeploy,
  capabilitySlotSwitch,
  microfrontendDeploy,
  microfrontendSwitch,
} from './deployments';
import {
  policyActivate,
  policyCreate,
  policyDelete,
  policyDisable,
  policyEdit,
  policyPromote,
  routeActivate,
  routeCreate,
  routeDelete,
  routeDisable,
  routeEdit,
  routePromote,
} from './gateway';
import { rolloutAction } from './rollouts';
import { tenantGatewaySettings } from './tenant-settings';
import { capabilityCreate, capabilityUpdate, templateCreate, templateUpdate } from './capability';
import { healthCheckSet } from './health-check';
import {
  microfrontendCreate,
  microfrontendUpdate,
  microfrontendVersionCreate,
  microfrontendVersionStatus,
} from './microfrontend';
import { meshCreate, meshDelete, meshUpdate } from './mesh';
import { subscriptionCreate, subscriptionDelete } from './subscription';
import { tenantUpdate } from './tenant';
import { webAppUpdate } from './web-app';
import { webAppCreate, webAppDelete } from './web-app-lifecycle';
import type { ChangeHandler } from './types';

export type { ChangeHandler, ChangeSnapshot, ChangeTarget, DirectWrite } from './types';

const HANDLERS = {
  'configuration.create': createConfiguration,
  'configuration.activate': activateConfiguration,
  'configuration.promote': promoteConfiguration,
  'tenant_blue_green.switch': tenantSwitch,
  'tenant_blue_green.rollback': tenantRollback,
  'tenant_blue_green.slot_version': tenantSlotVersion,
  'capability_blue_green.switch': capabilitySwitch,
  'capability_blue_green.rollback': capabilityRollback,
  'capability_blue_green.slot_version': capabilitySlotVersion,
  'microfrontend_deployment.switch': microfrontendSwitch,
  'capability_deployment.switch': capabilitySlotSwitch,
  'microfrontend_deployment.deploy': microfrontendDeploy,
  'capability_deployment.deploy': capabilityDeploy,
  'deployment_rollout.action': rolloutAction,
  'gateway_route.create': routeCreate,
  'gateway_route.edit': routeEdit,
  'gateway_route.activate': routeActivate,
  'gateway_route.disable': routeDisable,
  'gateway_route.delete': routeDelete,
  'gateway_route.promote': routePromote,
  'opa_policy.create': policyCreate,
  'opa_policy.edit': policyEdit,
  'opa_policy.activate': policyActivate,
  'opa_policy.disable': policyDisable,
  'opa_policy.delete': policyDelete,
  'opa_policy.promote': policyPromote,
  'tenant_settings.gateway': tenantGatewaySettings,
  'web_app.update': webAppUpdate,
  'web_app.create': webAppCreate,
  'web_app.delete': webAppDelete,
  'tenant.update': tenantUpdate,
  'capability_subscription.create': subscriptionCreate,
  'capability_subscription.delete': subscriptionDelete,
  'mesh.create': meshCreate,
  'mesh.update': meshUpdate,
  'mesh.delete': meshDelete,
  'health_check.set': healthCheckSet,
  'capability.create': capabilityCreate,
  'capability.update': capabilityUpdate,
  'notification_template.create': templateCreate,
  'notification_template.update': templateUpdate,
  'microfrontend.create': microfrontendCreate,
  'microfrontend.update': microfrontendUpdate,
  'microfrontend_version.create': microfrontendVersionCreate,
  'microfrontend_version.status': microfrontendVersionStatus,
  'approval_policy.set': approvalPolicySet,
} satisfies { [K in Change['kind']]: ChangeHandler<Extract<Change, { kind: K }>> };

/** What applying a change of kind K answers: its domain service's result, the direct endpoint's reply. */
export type DirectResult<K extends Change['kind']> = Awaited<ReturnType<(typeof HANDLERS)[K]['apply']>>;

/** The handler of a change's kind, typed for that change. */
export function handlerOf(change: Change): ChangeHandler<Change> {
  // Indexed by the change's own kind, so the handler takes exactly this change; TypeScript cannot
  // correlate the two through the union, hence the widening.
  return HANDLERS[change.kind] as ChangeHandler<Change>;
}
