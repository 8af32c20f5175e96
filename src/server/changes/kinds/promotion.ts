import { eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Environment } from '../../../contract/common';
import { isOneOf } from '../../../contract/sets';
import type { Transaction } from '../../db/client';
import { capabilitySubscriptionVersions as versions } from '../../db/schema';
import { policyService } from '../../gateway/policies-service';
import { routeService } from '../../gateway/routes-service';

/*
 * How each kind's change maps to a later environment when a set is promoted (release-promote.ts): the
 * same change there, or the kind's own promotion (a configuration or gateway version promoted); or, as
 * a string, why it cannot be.
 */

const SAME_BODY_IN = ['configuration.create'] as const;

/** The lineage promotion of a gateway change, or why there is none. */
async function lineagePromotion(tx: Transaction, change: Change, target: Environment): Promise<unknown> {
  const prefix = change.kind.startsWith('gateway_route.') ? 'gateway_route' : 'opa_policy';
  const service = prefix === 'gateway_route' ? routeService : policyService;
  if ('lineageId' in change && (change.kind.endsWith('.edit') || change.kind.endsWith('.promote'))) {
    return {
      kind: `${prefix}.promote`,
      tenantId: change.tenantId,
      lineageId: change.lineageId,
      targetEnvironment: target,
    };
  }
  if ('versionId' in change && 'tenantId' in change && change.kind.endsWith('.activate')) {
    const version = await service.version(tx, change.tenantId, change.versionId);
    if (!version) return 'its version no longer exists';
    return {
      kind: `${prefix}.promote`,
      tenantId: change.tenantId,
      lineageId: version.lineageId,
      targetEnvironment: target,
    };
  }
  if (change.kind.endsWith('.create') && 'body' in change && 'environment' in change.body) {
    return { ...change, body: { ...change.body, environment: target } };
  }
  return 'a disable or delete is not promoted; make it in the target environment';
}

/** One change as the same change in `target`, or why it cannot be. */
export async function promoted(tx: Transaction, change: Change, target: Environment): Promise<unknown> {
  if (isOneOf(SAME_BODY_IN, change.kind) && 'body' in change) {
    return { ...change, body: { ...change.body, environment: target } };
  }
  switch (change.kind) {
    case 'configuration.activate':
    case 'configuration.promote':
      return promotedConfiguration(tx, change, target);
    case 'microfrontend_deployment.switch':
    case 'capability_deployment.switch':
    case 'microfrontend_deployment.deploy':
    case 'capability_deployment.deploy':
    case 'tenant_blue_green.switch':
    case 'tenant_blue_green.rollback':
    case 'tenant_blue_green.slot_version':
    case 'capability_blue_green.switch':
    case 'capability_blue_green.rollback':
    case 'capability_blue_green.slot_version':
      return { ...change, body: { ...change.body, environment: target } };
    default:
      if (change.kind.startsWith('gateway_route.') || change.kind.startsWith('opa_policy.')) {
        return lineagePromotion(tx, change, target);
      }
      return 'it is not made per environment';
  }
}

async function promotedConfiguration(
  tx: Transaction,
  change: Extract<Change, { kind: 'configuration.activate' | 'configuration.promote' }>,
  target: Environment,
): Promise<unknown> {
  if (change.kind === 'configuration.promote') {
    return { ...change, body: { ...change.body, targetEnvironment: target } };
  }
  const [version] = await tx
    .select({ id: versions.id, region: versions.region })
    .from(versions)
    .where(eq(versions.id, change.versionId));
  if (!version) return 'its version no longer exists';
  return {
    kind: 'configuration.promote',
    versionId: version.id,
    body: { targetEnvironment: target, targetRegions: [version.region] },
  };
}
