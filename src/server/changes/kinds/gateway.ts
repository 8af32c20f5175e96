import type { Environment } from '../../../contract/common';
import type { Actor } from '../../auth/viewer';
import type { Transaction } from '../../db/client';
import { notFound } from '../../errors';
import type { ExpectedRevision } from '../../revisions';
import type { LineageEntry } from '../../gateway/lineage-entry';
import type { LineageChange } from '../../gateway/lineage-http';
import { isLineageId, type LineageRow } from '../../gateway/lineage-kind';
import type { LineageService } from '../../gateway/lineage-service';
import { policyLineage, policyService } from '../../gateway/policies-service';
import { routeLineage, routeService } from '../../gateway/routes-service';
import { inverseChanges, undoBy } from './inverse';
import {
  irreversible,
  type ChangeHandler,
  type ChangeSnapshot,
  type ChangeTarget,
  type DirectWrite,
  type Undo,
} from './types';

/*
 * The change kinds of every lineage kind (gateway routes, OPA policies): where a change happens and
 * what it alters, read through the kind's entry, and applied with the service its endpoints call.
 */

type AnyLineageChange = LineageChange<string>;
type View = Record<string, unknown>;

/** What reviewers see of a version, a body or a promotion target: the kind's reviewed fields. */
function viewOf(entry: LineageEntry, row: object): View {
  const values = new Map(Object.entries(row));
  return Object.fromEntries(entry.review.fields.filter((f) => values.has(f)).map((f) => [f, values.get(f)]));
}

const nameOf = (entry: LineageEntry, row: object) => entry.review.name(viewOf(entry, row));

/** The versions of one lineage of a tenant, newest first; 404 when there are none. */
async function lineageRows(tx: Transaction, entry: LineageEntry, tenantId: string, lineageId: string) {
  // Lineage ids are UUIDs: anything else names no lineage (404 as from the service, not a database error).
  if (!isLineageId(lineageId)) throw notFound(entry.review.label);
  const rows = (await entry.service.versions(tx, tenantId, lineageId)).sort((a, b) => b.version - a.version);
  const [newest, ...older] = rows;
  if (!newest) throw notFound(entry.review.label);
  return [newest, ...older] satisfies [LineageRow, ...LineageRow[]];
}

/**
 * The lineage's state a change is made on: its newest number and its active version's number (numbers,
 * not ids: a set that creates a version and then acts on the lineage fingerprints what its dry run made,
 * whose ids the apply generates anew).
 */
const lineageState = (rows: LineageRow[]) =>
  `${rows[0]?.version ?? 0}:${rows.find((r) => r.isActive)?.version ?? 'none'}`;

interface Described {
  environment: Environment;
  before: View | null;
  after: View | null;
  name: string;
  rows: LineageRow[];
}

/** An activation: from the lineage's active version to the one named. */
async function describeActivate(
  tx: Transaction,
  entry: LineageEntry,
  change: { tenantId: string; versionId: string },
): Promise<Described> {
  const version = await entry.service.version(tx, change.tenantId, change.versionId);
  if (!version) throw notFound(`${entry.review.label} version`);
  const rows = await lineageRows(tx, entry, change.tenantId, version.lineageId);
  const active = rows.find((r) => r.isActive);
  return {
    environment: rows[0].environment,
    before: active ? viewOf(entry, active) : null,
    after: viewOf(entry, version),
    name: `${nameOf(entry, version)} v${version.version}`,
    rows,
  };
}

/** What a change of one lineage kind does, read in the caller's transaction. */
async function describe(tx: Transaction, entry: LineageEntry, change: AnyLineageChange): Promise<Described> {
  if ('body' in change && !('lineageId' in change)) {
    // A create: nothing yet, then the body.
    const after = viewOf(entry, change.body);
    return {
      environment: change.body.environment,
      before: null,
      after,
      name: entry.review.name(after),
      rows: [],
    };
  }
  if ('versionId' in change) return describeActivate(tx, entry, change);
  const rows = await lineageRows(tx, entry, change.tenantId, change.lineageId);
  const newest = rows[0];
  const active = rows.find((r) => r.isActive);
  const before = active ? viewOf(entry, active) : null;
  const described = { environment: newest.environment, before, name: nameOf(entry, newest), rows };
  if ('body' in change) {
    // An edit keeps the lineage's capability (its body cannot name one): the diff shows only what changes.
    const edited = { capabilityId: newest.capabilityId, ...entry.review.editDefaults, ...change.body };
    return { ...described, after: viewOf(entry, edited) };
  }
  if ('targetEnvironment' in change)
    return { ...described, environment: change.targetEnvironment, after: before };
  // disable, delete: nothing stays served.
  return { ...described, after: null };
}

const VERBS: Record<string, string> = {
  create: 'Create',
  edit: 'Edit',
  activate: 'Activate',
  disable: 'Disable',
  delete: 'Delete',
  promote: 'Promote',
};

/** Where a change of a lineage kind happens and what it alters; each kind below adds how it applies. */
function lineageReview(entry: LineageEntry): Omit<ChangeHandler<AnyLineageChange>, 'apply'> {
  return {
    async target(tx, change): Promise<ChangeTarget> {
      const { environment, name } = await describe(tx, entry, change);
      const verb = VERBS[change.kind.slice(entry.prefix.length + 1)];
      return {
        scope: change.tenantId,
        environment,
        action: 'versions',
        title: `${verb} ${entry.noun} ${name} in ${environment}`,
      };
    },
    async snapshot(tx, change): Promise<ChangeSnapshot> {
      const described = await describe(tx, entry, change);
      let fingerprint = described.rows.length > 0 ? lineageState(described.rows) : 'new';
      let before = described.before;
      if ('targetEnvironment' in change) {
        const ids = { tenantId: change.tenantId, lineageId: change.lineageId };
        const target = await entry.service.promotionTarget(tx, ids, change.targetEnvironment);
        before = target.active ? viewOf(entry, target.active) : null;
        fingerprint = `${fingerprint}→${target.lineageId ?? 'new'}:${target.latestVersion ?? 0}:${target.active?.version ?? 'none'}`;
      }
      return {
        fingerprint,
        diff: [{ label: `${described.name} · ${described.environment}`, before, after: described.after }],
      };
    },
  };
}

type LineageIds = { tenantId: string; lineageId: string };

/**
 * How a lineage goes back to the state before a change: its active version again, or disabled when
 * none was. `lineageId` is the lineage whose active version the change moves.
 */
async function lineageUndo(tx: Transaction, entry: LineageEntry, ids: LineageIds): Promise<Undo<unknown>> {
  const rows = await lineageRows(tx, entry, ids.tenantId, ids.lineageId);
  const active = rows.find((r) => r.isActive);
  const back = active
    ? { kind: `${entry.prefix}.activate`, tenantId: ids.tenantId, versionId: active.id }
    : { kind: `${entry.prefix}.disable`, ...ids };
  return undoBy([back]);
}

/** Undoes a create: its new lineage is deleted. */
const deleteCreated = (entry: LineageEntry, tenantId: string): Undo<LineageRow> => ({
  inverse: (created) =>
    inverseChanges([{ kind: `${entry.prefix}.delete`, tenantId, lineageId: created.lineageId }]),
});

/** Undoes a promotion: the target lineage's active version again, or the new lineage deleted. */
async function promotionUndo(
  tx: Transaction,
  entry: LineageEntry,
  ids: LineageIds,
  targetEnvironment: Environment,
): Promise<Undo<LineageRow>> {
  const target = await entry.service.promotionTarget(tx, ids, targetEnvironment);
  if (!target.lineageId) return deleteCreated(entry, ids.tenantId);
  return lineageUndo(tx, entry, { tenantId: ids.tenantId, lineageId: target.lineageId });
}

type Expected = DirectWrite<unknown> | undefined;

/*
 * The six change kinds of a lineage kind, each applied with the endpoint's own service. A request
 * passes no If-Match (its fingerprint, the lineage's newest number and active version, is the
 * precondition); a direct write passes its own.
 */
function lineageHandlers<Row extends LineageRow, Fields, F extends string>(
  entry: LineageEntry,
  service: LineageService<Row, Fields, F>,
) {
  const review = lineageReview(entry);
  type CreateBody = Fields & { capabilityId: string; environment: Environment };
  const expected = (direct: Expected): ExpectedRevision | undefined => direct?.expected;
  return {
    create: {
      ...review,
      apply: (tx: Transaction, c: { tenantId: string; body: CreateBody }, actor: Actor) =>
        service.create(tx, c.tenantId, c.body, actor),
      undo: async (_tx: Transaction, c: { tenantId: string }) => deleteCreated(entry, c.tenantId),
    },
    edit: {
      ...review,
      apply: (tx: Transaction, c: LineageIds & { body: Fields }, actor: Actor, direct?: Expected) =>
        service.edit(tx, c, c.body, actor, expected(direct)),
      undo: (tx: Transaction, c: LineageIds) => lineageUndo(tx, entry, c),
    },
    activate: {
      ...review,
      apply: (tx: Transaction, c: { tenantId: string; versionId: string }, actor: Actor, direct?: Expected) =>
        service.activate(tx, c, actor, expected(direct)),
      async undo(tx: Transaction, c: { tenantId: string; versionId: string }) {
        const version = await entry.service.version(tx, c.tenantId, c.versionId);
        if (!version) throw notFound(`${entry.review.label} version`);
        return lineageUndo(tx, entry, { tenantId: c.tenantId, lineageId: version.lineageId });
      },
    },
    disable: {
      ...review,
      apply: (tx: Transaction, c: LineageIds, actor: Actor, direct?: Expected) =>
        service.disable(tx, c, actor, expected(direct)),
      undo: (tx: Transaction, c: LineageIds) => lineageUndo(tx, entry, c),
    },
    delete: {
      ...review,
      apply: (tx: Transaction, c: LineageIds, actor: Actor, direct?: Expected) =>
        service.delete(tx, c, actor, expected(direct)),
      undo: async () => irreversible(`A deleted ${entry.noun} and its versions cannot be restored`),
    },
    promote: {
      ...review,
      apply: (tx: Transaction, c: LineageIds & { targetEnvironment: Environment }, actor: Actor) =>
        service.promote(tx, c, c.targetEnvironment, actor),
      undo: (tx: Transaction, c: LineageIds & { targetEnvironment: Environment }) =>
        promotionUndo(tx, entry, c, c.targetEnvironment),
    },
  };
}

export const {
  create: routeCreate,
  edit: routeEdit,
  activate: routeActivate,
  disable: routeDisable,
  delete: routeDelete,
  promote: routePromote,
} = lineageHandlers(routeLineage, routeService);

export const {
  create: policyCreate,
  edit: policyEdit,
  activate: policyActivate,
  disable: policyDisable,
  delete: policyDelete,
  promote: policyPromote,
} = lineageHandlers(policyLineage, policyService);
