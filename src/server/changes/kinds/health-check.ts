import { and, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { HealthCheckSettingsBody } from '../../../contract/deployments';
import type { Transaction } from '../../db/client';
import { assertOwnerExists, slotKindOf, slotTable } from '../../delivery/deployments/slots';
import { setHealthCheck } from '../../delivery/probes/health-service';
import { notFound } from '../../errors';
import { undoBy } from './inverse';
import type { ChangeHandler } from './types';

type HealthCheckChange = Extract<Change, { kind: 'health_check.set' }>;

/** The slot the change names, with its owner's name; 404 when either is gone. */
async function slotOf(tx: Transaction, body: HealthCheckSettingsBody) {
  const kind = slotKindOf(body.resourceType);
  await assertOwnerExists(tx, kind, body.resourceId);
  const table = slotTable(kind);
  const [slot] = await tx
    .select({
      healthCheckUrl: table.healthCheckUrl,
      healthCheckIntervalSeconds: table.healthCheckIntervalSeconds,
    })
    .from(table)
    .where(
      and(
        eq(kind.resource, body.resourceId),
        eq(table.environment, body.environment),
        eq(table.slot, body.slot),
      ),
    );
  if (!slot) throw notFound('Deployment slot');
  return slot;
}

const label = (body: HealthCheckSettingsBody) =>
  `${body.resourceType} ${body.resourceId} · ${body.environment} · ${body.slot}`;

/**
 * A deployment slot's health check: its URL and interval (PUT /api/deployment-health-checks, a direct
 * write for administrators; a plan files this kind). A platform change, filed in the slot's environment;
 * the fingerprint is the check as it is, and undoing it sets the check back.
 */
export const healthCheckSet: ChangeHandler<HealthCheckChange, void> = {
  async target(tx, { body }) {
    await slotOf(tx, body);
    return {
      scope: null,
      environment: body.environment,
      action: null,
      title: `Set the health check of ${label(body)}`,
    };
  },
  async snapshot(tx, { body }) {
    const slot = await slotOf(tx, body);
    const after = {
      healthCheckUrl: body.healthCheckUrl,
      healthCheckIntervalSeconds: body.healthCheckIntervalSeconds ?? null,
    };
    return { fingerprint: JSON.stringify(slot), diff: [{ label: label(body), before: slot, after }] };
  },
  async undo(tx, { body }) {
    const slot = await slotOf(tx, body);
    return undoBy([{ kind: 'health_check.set', body: { ...body, ...slot } }]);
  },
  apply: (tx, { body }, actor) => setHealthCheck(tx, body, actor),
};
