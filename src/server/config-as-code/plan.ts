import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ConfigDocument, Plan, PlannedChange, TenantDocument } from '../../contract/config-doc';
import { actorOf, viewerCan, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import type { Executor } from '../db/database';
import { tenants } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { handlerOf, type ChangeSnapshot } from '../changes/kinds';
import { masked } from '../secrets/secret-values';
import { planSet } from '../changes/release-run';
import { Drafts, type Draft } from './drafts';
import { liveTenant } from './export-tenant';
import { draftPlatform } from './plan-platform';
import { planMeshes, planSubscriptions, planWebApps, pruneSubscriptions } from './plan-tenant-apps';
import { planConfigurations, planPolicies, planRoutes } from './plan-tenant-gateway';
import { planApprovalPolicy, planSettings, planSlots } from './plan-tenant-settings';

/*
 * A plan (docs/config-as-code.md): the changes of the existing kinds that would make the live state
 * match a document, in an order a release applies, each dry-run through the release path for its title,
 * diff and fingerprint. Nothing is created.
 */

export interface PlanOptions {
  prune?: boolean;
  /** The tenant a tenant document is for; without it, the tenant named by metadata.name. */
  tenantId?: string;
  ip?: string;
}

/** The tenant a document names: by id when the caller knows it, else by its (unique) name. */
async function tenantOf(tx: Executor, doc: TenantDocument, tenantId: string | undefined): Promise<string> {
  if (tenantId) return tenantId;
  const rows = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, doc.metadata.name));
  const [first, second] = rows;
  if (!first) throw notFound(`Tenant ${doc.metadata.name}`);
  if (second) {
    throw badRequest(`Two tenants are named ${doc.metadata.name}`, [
      { path: 'metadata.name', message: 'More than one tenant has this name' },
    ]);
  }
  return first.id;
}

/** The changes a document asks for, in apply order (prune ones marked), and its scope. */
export async function draftDocument(
  tx: Executor,
  viewer: Viewer,
  doc: ConfigDocument,
  options: PlanOptions,
): Promise<{ tenantId: string | null; drafts: Draft[] }> {
  const drafts = new Drafts();
  if (doc.kind === 'Platform') {
    if (!viewer.isAdmin) throw forbidden('Only global administrators may plan the platform');
    await draftPlatform(tx, drafts, doc);
    drafts.assertPlannable();
    return { tenantId: null, drafts: drafts.items };
  }
  const tenantId = await tenantOf(tx, doc, options.tenantId);
  // Whoever may not read the tenant learns nothing of it, not even that it exists.
  if (!viewerCan(viewer, tenantId, 'read')) throw notFound(`Tenant ${doc.metadata.name}`);
  const live = await liveTenant(tx, tenantId);
  planSettings(drafts, doc.spec, live, doc.metadata.name);
  planSubscriptions(drafts, doc.spec, live);
  planConfigurations(drafts, doc.spec, live);
  planRoutes(drafts, doc.spec, live);
  planPolicies(drafts, doc.spec, live);
  planWebApps(drafts, doc.spec, live);
  planMeshes(drafts, doc.spec, live);
  planSlots(drafts, doc.spec, live);
  pruneSubscriptions(drafts, doc.spec, live);
  // Last: a policy change travels alone as its own request, after the rest is filed.
  planApprovalPolicy(drafts, doc.spec.approvalPolicy, live.approvalPolicy, { tenantId, key: live.row.name });
  drafts.assertPlannable();
  return { tenantId, drafts: drafts.items };
}

/**
 * A planned change as the plan shows it: a plan ends in CI logs, drift findings and pull requests, so
 * the secrets its body, diff and fingerprint hold (the live ones a reference kept) show as references.
 */
function plannedChange(draft: Draft, title: string, snapshot: ChangeSnapshot): PlannedChange {
  return {
    change: masked(draft.change),
    title,
    resource: draft.resource,
    // The state it was made on, as a digest of its masked form: equal states still match.
    fingerprint: createHash('sha256').update(masked(snapshot.fingerprint)).digest('base64url'),
    diff: masked(snapshot.diff),
  };
}

/** Prune changes that will not run: their title and diff read as they stand, without a dry run. */
async function described(tx: Transaction, draft: Draft): Promise<PlannedChange> {
  const handler = handlerOf(draft.change);
  const target = await handler.target(tx, draft.change);
  return plannedChange(draft, target.title, await handler.snapshot(tx, draft.change));
}

async function describedAll(tx: Transaction, drafts: Draft[]): Promise<PlannedChange[]> {
  const out: PlannedChange[] = [];
  for (const draft of drafts) out.push(await described(tx, draft));
  return out;
}

function summaryOf(changes: PlannedChange[], prune: PlannedChange[]): Plan['summary'] {
  const count = (list: PlannedChange[], key: (c: PlannedChange) => string) =>
    list.reduce<Record<string, number>>(
      (counts, c) => ({ ...counts, [key(c)]: (counts[key(c)] ?? 0) + 1 }),
      {},
    );
  const all = [...changes, ...prune];
  return {
    changes: changes.length,
    prune: prune.length,
    byKind: count(all, (c) => c.change.kind),
    byResource: count(all, (c) => c.resource.type),
  };
}

/**
 * The plan in the caller's transaction: drafts, then the release dry run of the changes that will run
 * (a document that cannot apply is refused now, naming the change), then the prune list.
 */
export async function planInTransaction(
  tx: Transaction,
  viewer: Viewer,
  doc: ConfigDocument,
  options: PlanOptions,
): Promise<{ plan: Plan; drafts: Draft[] }> {
  const { tenantId, drafts } = await draftDocument(tx, viewer, doc, options);
  const running = drafts.filter((d) => !d.prune || options.prune);
  const planned = await planSet(
    tx,
    running.map((d) => d.change),
    viewer,
    actorOf(viewer, options.ip),
    'changes',
  );
  const made = running.map((draft, index): PlannedChange => {
    const item = planned[index];
    if (!item) throw new Error('The dry run planned fewer changes than it was given');
    return plannedChange(draft, item.target.title, item.snapshot);
  });
  const prune = options.prune
    ? made.filter((_, index) => running[index]?.prune)
    : await describedAll(
        tx,
        drafts.filter((d) => d.prune),
      );
  const changes = made.filter((_, index) => !running[index]?.prune);
  return {
    plan: {
      scope: { tenantId },
      changes,
      prune,
      summary: summaryOf(changes, prune),
      plannedAt: new Date().toISOString(),
    },
    drafts: running,
  };
}

/** Plans a document against the live state: the changes that would make it so. Creates nothing. */
export function planDocument(
  db: Database,
  viewer: Viewer,
  doc: ConfigDocument,
  options: PlanOptions = {},
): Promise<Plan> {
  return db.transaction(async (tx) => (await planInTransaction(tx, viewer, doc, options)).plan);
}
