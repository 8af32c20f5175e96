import { and, count, eq, sql } from 'drizzle-orm';
import type {
  Capability,
  CapabilityInput,
  CapabilityPatch,
  ConfigurationCheck,
} from '../../contract/capabilities';
import type { CapabilityListQuery, Option, OptionsQuery } from '../../contract/lists';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { containsAny, countColumn, runOptions, orderByFor, pageOf, runList } from '../db/list';
import { capabilities, capabilitySubscriptions } from '../db/schema';
import { conflict, notFound } from '../errors';
import { assertRevision, nextRevision, type ExpectedRevision } from '../revisions';
import { assertJsonSchema, configurationProblems } from './configuration-schema';

const capabilitySortColumns = {
  id: capabilities.id,
  name: capabilities.name,
  status: capabilities.status,
  category: capabilities.category,
  version: capabilities.version,
};

/** The capability catalogue, by id unless sorted, searched by name, description or category. */
export async function listCapabilities(
  db: Executor,
  query: CapabilityListQuery,
): Promise<{ items: Capability[]; total: number }> {
  const where = and(
    containsAny(query.q, [capabilities.name, capabilities.description, capabilities.category]),
    query.status ? eq(capabilities.status, query.status) : undefined,
    query.category ? eq(capabilities.category, query.category) : undefined,
  );
  const { limit, offset } = pageOf(query);
  return runList({
    page: db
      .select()
      .from(capabilities)
      .where(where)
      .orderBy(...orderByFor(query.sort, 'id', capabilitySortColumns, capabilities.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(capabilities).where(where),
    limit,
    offset,
  });
}

/** The capability picker: the catalogue by name, detail = category (every signed-in user reads it). */
export function capabilityOptions(
  db: Executor,
  query: OptionsQuery,
): Promise<{ items: Option[]; total: number }> {
  const { id, name: label, category: detail } = capabilities;
  return runOptions(db, { table: capabilities, id, label, detail }, query);
}

export async function getCapability(db: Executor, id: string): Promise<Capability> {
  const [capability] = await db.select().from(capabilities).where(eq(capabilities.id, id));
  if (!capability) throw notFound('Capability');
  return capability;
}

/** A configuration's problems against the capability's JSON Schema, as saving it would report them. */
export async function checkConfiguration(
  db: Executor,
  id: string,
  text: string,
): Promise<ConfigurationCheck> {
  const capability = await getCapability(db, id);
  return { issues: configurationProblems(capability.configurationSchema, text, 'configuration') };
}

/** Serialises id allocation: two registrations at once never pick the same api-NNN. */
const CAPABILITY_ID_LOCK = 727_003;

/** Registers a capability under the next free api-NNN id. */
export async function createCapability(
  db: Database,
  input: CapabilityInput,
  actor: Actor,
): Promise<Capability> {
  if (input.configurationSchema) assertJsonSchema(input.configurationSchema, 'body.configurationSchema');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CAPABILITY_ID_LOCK})`);
    const [{ highest } = { highest: 0 }] = await tx
      .select({
        highest: sql<number>`coalesce(max(substring(${capabilities.id} from '^api-([0-9]+)$')::int), 0)`,
      })
      .from(capabilities);
    const id = `api-${String(Number(highest) + 1).padStart(3, '0')}`;
    const [created] = await tx
      .insert(capabilities)
      .values({ ...input, id })
      .returning();
    if (!created) throw new Error('Insert returned no row');
    await recordAudit(tx, actor, {
      action: 'capability.create',
      resourceType: 'capability',
      resourceId: id,
      changes: { after: input },
    });
    return created;
  });
}

export async function updateCapability(
  db: Database,
  id: string,
  patch: CapabilityPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<Capability> {
  if (patch.configurationSchema) assertJsonSchema(patch.configurationSchema, 'body.configurationSchema');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(capabilities).where(eq(capabilities.id, id)).for('update');
    if (!before) throw notFound('Capability');
    assertRevision(before, expectedRevision, 'The capability');
    if (Object.keys(patch).length === 0) return before;
    const [after] = await tx
      .update(capabilities)
      .set({ ...patch, revision: nextRevision(capabilities.revision) })
      .where(eq(capabilities.id, id))
      .returning();
    if (!after) throw notFound('Capability');
    const changed = changedFields(before, after, Object.keys(patch) as (keyof Capability & string)[]);
    await recordAudit(tx, actor, {
      action: 'capability.update',
      resourceType: 'capability',
      resourceId: id,
      changes: changed,
    });
    return after;
  });
}

/** Deletes a capability with its templates and deployments; refused while any tenant subscribes to it. */
export async function deleteCapability(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(capabilities).where(eq(capabilities.id, id)).for('update');
    if (!before) throw notFound('Capability');
    assertRevision(before, expectedRevision, 'The capability');
    const [{ subscribers } = { subscribers: 0 }] = await tx
      .select({ subscribers: count() })
      .from(capabilitySubscriptions)
      .where(eq(capabilitySubscriptions.capabilityId, id));
    if (subscribers > 0) {
      throw conflict(
        `${before.name} cannot be deleted while ${subscribers} tenant subscription${subscribers === 1 ? '' : 's'} use it`,
      );
    }
    await tx.delete(capabilities).where(eq(capabilities.id, id));
    await recordAudit(tx, actor, {
      action: 'capability.delete',
      resourceType: 'capability',
      resourceId: id,
      changes: { before },
    });
  });
}
