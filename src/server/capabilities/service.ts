import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type {
  Capability,
  CapabilityInput,
  CapabilityPatch,
  ConfigurationCheck,
} from '../../contract/capabilities';
import type { CapabilityListQuery, Option, OptionsQuery } from '../../contract/lists';
import { changedFieldsOf } from '../audit/changes';
import { recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { containsAny, listOf, type ListPage } from '../db/list';
import { runOptions } from '../db/options';
import { tablePageQueries } from '../table-pages';
import { capabilities, capabilitySubscriptions } from '../db/schema';
import { conflict } from '../errors';
import { ADVISORY_LOCKS, advisoryLock } from '../locks';
import { deleteInTransaction, readRevisioned, revisionedRows, updateRevisioned } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { assertJsonSchema, configurationProblems } from './configuration-schema';

const capabilitySortColumns = {
  id: capabilities.id,
  name: capabilities.name,
  status: capabilities.status,
  category: capabilities.category,
  version: capabilities.version,
};

/** The statements of one page of the capability catalogue (exported for the EXPLAIN test). */
export function capabilityListQueries(db: Executor, query: CapabilityListQuery) {
  const where = and(
    containsAny(query.q, [capabilities.name, capabilities.description, capabilities.category]),
    query.status ? eq(capabilities.status, query.status) : undefined,
    query.category ? eq(capabilities.category, query.category) : undefined,
  );
  return tablePageQueries(db, capabilities, where, query, {
    fallback: 'id',
    columns: capabilitySortColumns,
    id: capabilities.id,
  });
}

/** The capability catalogue, by id unless sorted, searched by name, description or category. */
export const listCapabilities = listOf(capabilityListQueries);

/** The capability picker: the catalogue by name, detail = category (every signed-in user reads it). */
export function capabilityOptions(db: Executor, query: OptionsQuery): Promise<ListPage<Option>> {
  const { id, name: label, category: detail } = capabilities;
  return runOptions(db, { table: capabilities, id, label, detail }, query);
}

/** The capability catalogue's rows as revisioned writes see them. */
const capabilityRows = revisionedRows(capabilities, getTableColumns(capabilities), {
  label: 'Capability',
  resourceType: 'capability',
});

export async function getCapability(db: Executor, id: string): Promise<Capability> {
  return readRevisioned(db, capabilityRows, id);
}

/** A configuration's problems against the capability's JSON Schema, as saving it would report them. */
export async function checkConfiguration(
  db: Executor,
  id: string,
  text: string,
): Promise<ConfigurationCheck> {
  const capability = await getCapability(db, id);
  return { issues: await configurationProblems(capability.configurationSchema, text, 'configuration') };
}

/** Registers a capability under the next free api-NNN id. */
export async function createCapability(
  db: Database,
  input: CapabilityInput,
  actor: Actor,
): Promise<Capability> {
  if (input.configurationSchema)
    await assertJsonSchema(input.configurationSchema, 'body.configurationSchema');
  return db.transaction(async (tx) => {
    await advisoryLock(tx, ADVISORY_LOCKS.capabilityIds);
    const [{ highest } = { highest: 0 }] = await tx
      .select({
        highest: sql<number>`coalesce(max(substring(${capabilities.id} from '^api-([0-9]+)$')::int), 0)`,
      })
      .from(capabilities);
    const id = `api-${String(Number(highest) + 1).padStart(3, '0')}`;
    const inserted = await tx
      .insert(capabilities)
      .values({ ...input, id })
      .returning();
    return recordCreated(tx, actor, inserted, {
      action: 'capability.create',
      resourceType: 'capability',
      changes: () => ({ after: input }),
    });
  });
}

export async function updateCapability(
  db: Database,
  id: string,
  patch: CapabilityPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<Capability> {
  if (patch.configurationSchema)
    await assertJsonSchema(patch.configurationSchema, 'body.configurationSchema');
  return db.transaction((tx) =>
    updateRevisioned(tx, capabilityRows, id, expectedRevision, actor, (before) => ({
      set: patch,
      changes: (after) => changedFieldsOf(before, after, patch),
    })),
  );
}

/** Deletes a capability with its templates and deployments; refused while any tenant subscribes to it. */
export const deleteCapability = deleteInTransaction(capabilityRows, async (tx, before, id) => {
  const [{ subscribers } = { subscribers: 0 }] = await tx
    .select({ subscribers: count() })
    .from(capabilitySubscriptions)
    .where(eq(capabilitySubscriptions.capabilityId, id));
  if (subscribers > 0) {
    throw conflict(
      `${before.name} cannot be deleted while ${subscribers} tenant subscription${subscribers === 1 ? '' : 's'} use it`,
    );
  }
  return { before };
});
