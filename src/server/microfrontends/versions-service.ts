import { and, eq, getTableColumns } from 'drizzle-orm';
import type {
  MicrofrontendVersionListQuery,
  MicrofrontendVersionOptionsQuery,
  Option,
} from '../../contract/lists';
import type {
  MicrofrontendVersion,
  MicrofrontendVersionInput,
  MicrofrontendVersionPatch,
} from '../../contract/microfrontends';
import { recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { containsAny, runList, type ListPage } from '../db/list';
import { runOptions } from '../db/options';
import { tablePageQueries } from '../table-pages';
import { microfrontendVersions } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { readRevisioned, revisionedRows, updateRevisioned } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { refusingDuplicates } from '../unique-violation';
import { getMicrofrontend } from './registry-service';

const versionSortColumns = {
  createdAt: microfrontendVersions.createdAt,
  version: microfrontendVersions.version,
  status: microfrontendVersions.status,
};

/** The statements of one page of a microfrontend's versions (exported for the EXPLAIN test). */
export function microfrontendVersionListQueries(
  db: Executor,
  microfrontendId: string,
  query: MicrofrontendVersionListQuery,
) {
  const where = and(
    eq(microfrontendVersions.microfrontendId, microfrontendId),
    query.status ? eq(microfrontendVersions.status, query.status) : undefined,
    containsAny(query.q, [microfrontendVersions.version]),
  );
  return tablePageQueries(db, microfrontendVersions, where, query, {
    fallback: '-createdAt',
    columns: versionSortColumns,
    id: microfrontendVersions.id,
    // Unique within its microfrontend: ordered alone, on microfrontend_versions_number_unique.
    unique: ['version'],
  });
}

/**
 * Versions of one microfrontend, newest first unless sorted, searched by version or changelog;
 * `status` narrows them (the mesh form asks for published). 404 when the microfrontend is missing.
 */
export async function listMicrofrontendVersions(
  db: Executor,
  microfrontendId: string,
  query: MicrofrontendVersionListQuery,
): Promise<ListPage<MicrofrontendVersion>> {
  await getMicrofrontend(db, microfrontendId);
  return runList(db, microfrontendVersionListQueries(db, microfrontendId, query));
}

/** The version picker of one microfrontend: label = version (text order), detail = status. */
export async function microfrontendVersionOptions(
  db: Executor,
  microfrontendId: string,
  { status, ...query }: MicrofrontendVersionOptionsQuery,
): Promise<ListPage<Option>> {
  await getMicrofrontend(db, microfrontendId);
  const { id, version: label, status: detail } = microfrontendVersions;
  return runOptions(
    db,
    {
      table: microfrontendVersions,
      id,
      label,
      detail,
      within: eq(microfrontendVersions.microfrontendId, microfrontendId),
      filter: status ? eq(microfrontendVersions.status, status) : undefined,
    },
    query,
  );
}

/** Microfrontend versions as revisioned writes see them (audited under the microfrontend). */
const versionRows = revisionedRows(microfrontendVersions, getTableColumns(microfrontendVersions), {
  label: 'Microfrontend version',
  resourceType: 'microfrontend',
  action: 'microfrontend_version',
});

export async function getMicrofrontendVersion(db: Executor, id: string): Promise<MicrofrontendVersion> {
  return readRevisioned(db, versionRows, id);
}

/** A JSON-text field's value, or a 400 naming it. */
function parsedField(field: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`${field} must be valid JSON`, [
      { path: `body.${field}`, message: 'Must be valid JSON' },
    ]);
  }
}

/** exposedModules must be a JSON list of strings; the other JSON-text fields just JSON. */
function checkVersionFields<T extends MicrofrontendVersionPatch>(input: T): T {
  const jsonFields = ['exposedModules', 'sharedDependencies', 'defaultConfig', 'buildMetadata'] as const;
  for (const field of jsonFields) {
    const value = input[field];
    if (value === undefined || value === null || value.trim() === '') continue;
    const parsed = parsedField(field, value);
    if (
      field === 'exposedModules' &&
      !(Array.isArray(parsed) && parsed.every((m) => typeof m === 'string' && m.length > 0))
    ) {
      throw badRequest('exposedModules must be a JSON list of module names', [
        { path: 'body.exposedModules', message: 'Must be a JSON list of strings' },
      ]);
    }
    if (
      field === 'defaultConfig' &&
      (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    ) {
      throw badRequest('defaultConfig must be a JSON object', [
        { path: 'body.defaultConfig', message: 'Must be a JSON object' },
      ]);
    }
  }
  return input;
}

export async function createMicrofrontendVersion(
  db: Database,
  input: MicrofrontendVersionInput,
  actor: Actor,
): Promise<MicrofrontendVersion> {
  checkVersionFields(input);
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        await getMicrofrontend(tx, input.microfrontendId);
        const inserted = await tx
          .insert(microfrontendVersions)
          .values({ ...input, status: 'draft', createdBy: actor.email })
          .returning();
        return recordCreated(tx, actor, inserted, {
          action: 'microfrontend_version.create',
          resourceType: 'microfrontend',
          changes: () => ({ after: input }),
        });
      }),
    () => conflict(`Version ${input.version} already exists for this microfrontend`),
  );
}

/** Fields a published (or deprecated) version never changes: what a host shell loads and verifies. */
const FROZEN_WHEN_PUBLISHED = [
  'entryUrl',
  'exposedModules',
  'integrityHash',
  'version',
  'moduleType',
] as const;

export async function updateMicrofrontendVersion(
  db: Database,
  id: string,
  patch: MicrofrontendVersionPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<MicrofrontendVersion> {
  checkVersionFields(patch);
  return db.transaction((tx) =>
    updateRevisioned(tx, versionRows, id, expectedRevision, actor, (before) => {
      if (before.status !== 'draft') {
        const frozen = FROZEN_WHEN_PUBLISHED.filter(
          (field) => patch[field] !== undefined && patch[field] !== before[field],
        );
        if (frozen.length > 0)
          throw conflict(
            `A ${before.status} version's ${frozen.join(', ')} never change${frozen.length === 1 ? 's' : ''}`,
          );
      }
      return { set: patch, changes: () => ({ before, after: patch }) };
    }),
  );
}

/** draft -> published (needs an entry URL, exposed modules and an integrity hash); published|draft -> deprecated. */
export async function changeVersionStatus(
  db: Database,
  id: string,
  to: 'published' | 'deprecated',
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<MicrofrontendVersion> {
  return db.transaction((tx) =>
    updateRevisioned(tx, versionRows, id, expectedRevision, actor, (version) => {
      if (to === 'published') {
        if (version.status !== 'draft')
          throw conflict(`Only a draft can be published; this version is ${version.status}`);
        const missing = (['entryUrl', 'exposedModules', 'integrityHash'] as const).filter(
          (field) => !version[field],
        );
        if (missing.length > 0) throw conflict(`Set ${missing.join(', ')} before publishing`);
      } else if (version.status === 'deprecated') {
        throw conflict('This version is already deprecated');
      }
      return {
        set: { status: to },
        changes: () => ({ from: version.status, to }),
        action: to === 'published' ? 'publish' : 'deprecate',
      };
    }),
  );
}
