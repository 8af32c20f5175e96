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
import { policyChange, routeChange } from './gateway';
import { tenantGatewaySettings } from './tenant-settings';
import { webAppUpdate } from './web-app';
import type { ChangeHandler } from './types';

export type { ChangeHandler, ChangeSnapshot, ChangeTarget } from './types';

const HANDLERS: { [K in Change['kind']]: ChangeHandler<Extract<Change, { kind: K }>> } = {
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
  'gateway_route.create': routeChange,
  'gateway_route.edit': routeChange,
  'gateway_route.activate': routeChange,
  'gateway_route.disable': routeChange,
  'gateway_route.delete': routeChange,
  'gateway_route.promote': routeChange,
  'opa_policy.create': policyChange,
  'opa_policy.edit': policyChange,
  'opa_policy.activate': policyChange,
  'opa_policy.disable': policyChange,
  'opa_policy.delete': policyChange,
  'opa_policy.promote': policyChange,
  'tenant_settings.gateway': tenantGatewaySettings,
  'web_app.update': webAppUpdate,
  'approval_policy.set': approvalPolicySet,
};

/** The handler of a change's kind, typed for that change. */
export function handlerOf(change: Change): ChangeHandler<Change> {
  // Indexed by the change's own kind, so the handler takes exactly this change; TypeScript cannot
  // correlate the two through the union, hence the widening.
  return HANDLERS[change.kind] as ChangeHandler<Change>;
}
