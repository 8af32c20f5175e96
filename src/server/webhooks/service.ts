import { lookup } from 'node:dns/promises';
import { and, desc, eq, max } from 'drizzle-orm';
import {
  WEBHOOK_SECRET_GRACE_HOURS,
  type webhookInputSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '../../contract/webhooks';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { tenantCondition, viewerCan, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { auditEvents, tenants, webhookDeliveries, webhookSubscriptions } from '../db/schema';
import { refusalOf, type AddressAllowance } from '../delivery/probes/address-policy';
import { badRequest, forbidden, notFound } from '../errors';
import { outboundTarget } from '../outbound';
import { assertRevision, nextRevision, type ExpectedRevision } from '../revisions';
import { newWebhookSecret } from './signing';

type Row = typeof webhookSubscriptions.$inferSelect;
type Input = z.output<typeof webhookInputSchema>;
export type WebhookEdit = Partial<Omit<Input, 'tenantId' | 'kind' | 'format'>>;

/** Deliveries a log read answers, newest first. */
export const DELIVERY_LOG_LIMIT = 50;
const WHAT = 'Webhook';

/** What the API shows of a subscription: never its secrets, nor the delivery state that moves by itself. */
export const toWebhook = (row: Row): Webhook => ({
  id: row.id,
  kind: row.kind,
  format: row.format,
  tenantId: row.tenantId,
  ownerId: row.ownerId,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  environments: row.environments,
  enabled: row.enabled,
  pausedAt: row.pausedAt,
  pausedReason: row.pausedReason,
  revision: row.revision,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The audit record of a subscription: what an auditor needs, the secret never. */
const audited = (row: Row) => {
  const { secret: _secret, previousSecret: _previous, ...rest } = row;
  return toWebhook({ ...rest, secret: '', previousSecret: null });
};

/**
 * Who manages a subscription: administrators every one; a tenant's owners and admins (who may configure
 * it) those of their tenant. A platform-wide one is the administrators' alone.
 */
export const mayManage = (viewer: Viewer, tenantId: string | null): boolean =>
  viewer.isAdmin || (tenantId !== null && viewerCan(viewer, tenantId, 'configure'));

/** The row, if the viewer may manage it; 404 otherwise, so no one learns of another tenant's hooks. */
export async function manageableRow(db: Executor, viewer: Viewer, id: string, lock = false): Promise<Row> {
  const query = db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !mayManage(viewer, row.tenantId)) throw notFound(WHAT);
  return row;
}

/**
 * Refuses a URL the delivery would refuse anyway (docs/webhooks.md): not http(s), credentials, or an
 * address, written or resolved, that the address policy refuses. A host that does not resolve yet is
 * accepted: its deliveries fail and are retried until it does.
 */
export async function assertDeliverableUrl(url: string, allowance: AddressAllowance): Promise<void> {
  const refuse = (message: string) =>
    badRequest(`Invalid body.url: ${message}`, [{ path: 'body.url', message }]);
  const target = outboundTarget(url, allowance, 'sent to');
  if (typeof target === 'string') throw refuse(target);
  if (allowance.hosts.has(target.host)) return;
  const addresses = await lookup(target.host, { all: true }).catch(() => []);
  const refusal = addresses.map((a) => refusalOf(a.address, allowance)).find((r) => r !== null);
  if (refusal) throw refuse(refusal);
}

export async function listWebhooks(db: Executor, viewer: Viewer): Promise<Webhook[]> {
  const where = tenantCondition(viewer, 'configure', webhookSubscriptions.tenantId);
  if (where === null) return [];
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(where)
    .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id));
  return rows.map(toWebhook);
}

export async function getWebhook(db: Executor, viewer: Viewer, id: string): Promise<Webhook> {
  return toWebhook(await manageableRow(db, viewer, id));
}

/** The trail's last committed seq: a new subscription receives what happens from now on. */
async function trailEnd(tx: Transaction): Promise<number> {
  const [row] = await tx.select({ seq: max(auditEvents.seq) }).from(auditEvents);
  return row?.seq ?? 0;
}

export async function createWebhook(
  db: Database,
  viewer: Viewer,
  input: Input,
  actor: Actor,
  allowance: AddressAllowance,
): Promise<WebhookWithSecret> {
  if (!mayManage(viewer, input.tenantId)) {
    throw forbidden(
      input.tenantId === null
        ? 'Only administrators manage platform-wide webhooks'
        : "Only the tenant's owners and admins manage its webhooks",
    );
  }
  await assertDeliverableUrl(input.url, allowance);
  return db.transaction(async (tx) => {
    if (input.tenantId !== null) {
      const [tenant] = await tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, input.tenantId));
      if (!tenant) throw notFound('Tenant');
    }
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({ ...input, ownerId: viewer.user.id, secret, cursor: await trailEnd(tx) })
      .returning();
    if (!row) throw new Error('webhook insert returned no row');
    await recordAudit(tx, actor, {
      action: 'webhook.create',
      resourceType: 'webhook',
      resourceId: row.id,
      tenantId: row.tenantId,
      changes: { after: audited(row) },
    });
    return { ...toWebhook(row), secret };
  });
}

/**
 * Writes a locked subscription's new values with the next revision, and audits the write: the one way
 * an edit and a rotation change a row.
 */
async function revise(
  tx: Transaction,
  id: string,
  set: Partial<typeof webhookSubscriptions.$inferInsert>,
  audit: { actor: Actor; action: string; changes: (row: Row) => object },
): Promise<Row> {
  const now = new Date().toISOString();
  const [row] = await tx
    .update(webhookSubscriptions)
    .set({ ...set, revision: nextRevision(webhookSubscriptions.revision), updatedAt: now })
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  if (!row) throw notFound(WHAT);
  await recordAudit(tx, audit.actor, {
    action: audit.action,
    resourceType: 'webhook',
    resourceId: id,
    tenantId: row.tenantId,
    changes: audit.changes(row),
  });
  return row;
}

export async function updateWebhook(
  db: Database,
  viewer: Viewer,
  id: string,
  edit: WebhookEdit,
  actor: Actor,
  expected: ExpectedRevision | undefined,
  allowance: AddressAllowance,
): Promise<Webhook> {
  if (edit.url !== undefined) await assertDeliverableUrl(edit.url, allowance);
  return db.transaction(async (tx) => {
    const before = await manageableRow(tx, viewer, id, true);
    assertRevision(before, expected, WHAT, toWebhook(before));
    if (before.kind === 'audit_stream') assertStreamEdit(edit);
    // Enabled again after a pause: it resumes with the event that failed, retried at once.
    const resumes = edit.enabled === true && before.pausedAt !== null;
    const resumed = resumes && { pausedAt: null, pausedReason: null, attempts: 0, failingSince: null };
    const due = edit.enabled === true && { nextAttemptAt: new Date().toISOString() };
    // Re-aimed by someone else: their credentials ending switches it off as the owner's would.
    const aimed = edit.url !== undefined &&
      edit.url !== before.url && { urlSetById: before.ownerId === viewer.user.id ? null : viewer.user.id };
    const row = await revise(
      tx,
      id,
      { ...edit, ...resumed, ...due, ...aimed },
      {
        actor,
        action: 'webhook.update',
        changes: (after) => ({ before: audited(before), after: audited(after) }),
      },
    );
    return toWebhook(row);
  });
}

/** An audit stream receives every event: its event types and environments are not edited. */
function assertStreamEdit(edit: WebhookEdit): void {
  for (const field of ['eventTypes', 'environments'] as const) {
    if (edit[field] === undefined) continue;
    const message = 'An audit stream receives every event';
    throw badRequest(`Invalid body.${field}: ${message}`, [{ path: `body.${field}`, message }]);
  }
}

export async function deleteWebhook(
  db: Database,
  viewer: Viewer,
  id: string,
  actor: Actor,
  expected: ExpectedRevision | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await manageableRow(tx, viewer, id, true);
    assertRevision(before, expected, WHAT, toWebhook(before));
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    await recordAudit(tx, actor, {
      action: 'webhook.delete',
      resourceType: 'webhook',
      resourceId: id,
      tenantId: before.tenantId,
      changes: { before: audited(before) },
    });
  });
}

/**
 * A new secret, shown once; the old one keeps signing alongside it for the grace period, so receivers
 * can switch without losing a delivery.
 */
export async function rotateWebhookSecret(
  db: Database,
  viewer: Viewer,
  id: string,
  actor: Actor,
): Promise<WebhookWithSecret> {
  return db.transaction(async (tx) => {
    const before = await manageableRow(tx, viewer, id, true);
    const secret = newWebhookSecret();
    const graceUntil = new Date(Date.now() + WEBHOOK_SECRET_GRACE_HOURS * 3600 * 1000).toISOString();
    const set = { secret, previousSecret: before.secret, previousSecretUntil: graceUntil };
    const row = await revise(tx, id, set, {
      actor,
      action: 'webhook.rotate_secret',
      changes: () => ({ previousSecretUntil: graceUntil }),
    });
    return { ...toWebhook(row), secret };
  });
}

export async function listDeliveries(db: Executor, viewer: Viewer, id: string): Promise<WebhookDelivery[]> {
  await manageableRow(db, viewer, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, id)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(({ subscriptionId: _subscription, ...delivery }) => delivery);
}
