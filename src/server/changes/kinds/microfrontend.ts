import { and, asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Microfrontend, MicrofrontendVersion } from '../../../contract/microfrontends';
import type { Transaction } from '../../db/client';
import { microfrontends, microfrontendVersions } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import {
  createMicrofrontend,
  getMicrofrontend,
  updateMicrofrontend,
} from '../../microfrontends/registry-service';
import { changeVersionStatus, createMicrofrontendVersion } from '../../microfrontends/versions-service';
import { undoBy } from './inverse';
import { foundRow, madeInThisTransaction, withFound } from './natural-keys';
import { platformTarget, rowValuesOf } from './placement';
import { irreversible, type ChangeHandler } from './types';

type Kind<K extends Change['kind']> = Extract<Change, { kind: K }>;
type VersionChange = Kind<'microfrontend_version.create'>;
type StatusChange = Kind<'microfrontend_version.status'>;

/*
 * The microfrontend registry, as a plan files it: global administrators' changes, filed under
 * production (placement.ts). A plan names a microfrontend by its slug, the registry's natural key.
 */

const idsOf = (rows: { id: string }[]) => JSON.stringify(rows.map((row) => row.id));

async function bySlug(tx: Transaction, slug: string) {
  return tx
    .select({ id: microfrontends.id, madeHere: madeInThisTransaction(microfrontends.createdAt) })
    .from(microfrontends)
    .where(eq(microfrontends.slug, slug));
}

/** A new microfrontend; its slug is unique, so one of that slug made meanwhile makes the request stale. */
export const microfrontendCreate: ChangeHandler<Kind<'microfrontend.create'>, Microfrontend> = {
  target: async (_tx, { body }) => platformTarget(`Register microfrontend ${body.slug}`),
  snapshot: async (tx, { body }) => ({
    fingerprint: idsOf(await bySlug(tx, body.slug)),
    diff: [{ label: body.slug, before: null, after: body }],
  }),
  apply: (tx, { body }, actor) => createMicrofrontend(tx, body, actor),
  undo: async () =>
    irreversible(
      'No change deletes a microfrontend: delete it in the registry (refused while live or in a mesh)',
    ),
};

/** A microfrontend's slug, name, description or repository; the fingerprint is its revision. */
export const microfrontendUpdate: ChangeHandler<Kind<'microfrontend.update'>, Microfrontend> = {
  async target(tx, { microfrontendId }) {
    return platformTarget(`Edit microfrontend ${(await getMicrofrontend(tx, microfrontendId)).slug}`);
  },
  async snapshot(tx, { microfrontendId, body }) {
    const row = await getMicrofrontend(tx, microfrontendId);
    return {
      fingerprint: String(row.revision),
      diff: [{ label: row.slug, before: rowValuesOf(row, body), after: body }],
    };
  },
  async undo(tx, { microfrontendId, body }) {
    const row = await getMicrofrontend(tx, microfrontendId);
    return undoBy([{ kind: 'microfrontend.update', microfrontendId, body: rowValuesOf(row, body) }]);
  },
  apply: (tx, { microfrontendId, body }, actor) => updateMicrofrontend(tx, microfrontendId, body, actor),
};

/**
 * The microfrontend a new version belongs to: by id, or by slug for a plan that registers it in the same
 * release (it has no id yet), with how a fingerprint names the one the slug found (natural-keys.ts). A
 * 400 naming the field when neither finds one.
 */
async function ownerOf(
  tx: Transaction,
  { body }: VersionChange,
): Promise<{ owner: Microfrontend; found: string[] }> {
  if (body.microfrontendId) return { owner: await getMicrofrontend(tx, body.microfrontendId), found: [] };
  const [found] = body.microfrontendSlug ? await bySlug(tx, body.microfrontendSlug) : [];
  if (!found) {
    const message = body.microfrontendSlug
      ? `No microfrontend ${body.microfrontendSlug}`
      : 'microfrontendId or microfrontendSlug is required';
    throw badRequest(message, [{ path: 'body.microfrontendSlug', message }]);
  }
  return { owner: await getMicrofrontend(tx, found.id), found: [foundRow(found)] };
}

/** A new (draft) version of a microfrontend; its key is the microfrontend and version string. */
export const microfrontendVersionCreate: ChangeHandler<VersionChange, MicrofrontendVersion> = {
  async target(tx, change) {
    const { owner } = await ownerOf(tx, change);
    return platformTarget(`New version ${change.body.version} of microfrontend ${owner.slug}`);
  },
  async snapshot(tx, change) {
    const { owner, found } = await ownerOf(tx, change);
    const { microfrontendId: _id, microfrontendSlug: _slug, ...fields } = change.body;
    const same = await tx
      .select({ id: microfrontendVersions.id })
      .from(microfrontendVersions)
      .where(
        and(
          eq(microfrontendVersions.microfrontendId, owner.id),
          eq(microfrontendVersions.version, change.body.version),
        ),
      )
      .orderBy(asc(microfrontendVersions.id));
    return {
      // The slug's microfrontend too: another one given that slug meanwhile makes the request stale.
      fingerprint: withFound(idsOf(same), found),
      diff: [{ label: `${owner.slug} ${change.body.version}`, before: null, after: fields }],
    };
  },
  async apply(tx, change, actor) {
    const { owner } = await ownerOf(tx, change);
    const { microfrontendSlug: _slug, ...fields } = change.body;
    return createMicrofrontendVersion(tx, { ...fields, microfrontendId: owner.id }, actor);
  },
  undo: async () =>
    irreversible('No change deletes a microfrontend version: deprecate it in the registry instead'),
};

/** A version by its natural key, the microfrontend's slug and the version string; 404 when none. */
async function versionByKey(tx: Transaction, { microfrontendSlug, version }: StatusChange) {
  const [found] = await tx
    .select({
      id: microfrontendVersions.id,
      status: microfrontendVersions.status,
      revision: microfrontendVersions.revision,
      madeHere: madeInThisTransaction(microfrontendVersions.createdAt),
    })
    .from(microfrontendVersions)
    .innerJoin(microfrontends, eq(microfrontends.id, microfrontendVersions.microfrontendId))
    .where(and(eq(microfrontends.slug, microfrontendSlug), eq(microfrontendVersions.version, version)));
  if (!found) throw notFound('Microfrontend version');
  return found;
}

/**
 * A version published or deprecated (the direct endpoints POST .../publish and .../deprecate), named by
 * slug and version so a release can publish the version it registers. A status only moves forward
 * (draft, published, deprecated), so it cannot be undone; the fingerprint is the version the key
 * finds and its revision.
 */
export const microfrontendVersionStatus: ChangeHandler<StatusChange, MicrofrontendVersion> = {
  target: async (tx, change) => {
    await versionByKey(tx, change);
    const verb = change.status === 'published' ? 'Publish' : 'Deprecate';
    return platformTarget(`${verb} version ${change.version} of microfrontend ${change.microfrontendSlug}`);
  },
  async snapshot(tx, change) {
    const found = await versionByKey(tx, change);
    const label = `${change.microfrontendSlug} ${change.version}`;
    return {
      fingerprint: withFound(String(found.revision), [foundRow(found)]),
      diff: [{ label, before: found.status, after: change.status }],
    };
  },
  apply: async (tx, change, actor) =>
    changeVersionStatus(tx, (await versionByKey(tx, change)).id, change.status, actor),
  undo: async () => irreversible("A version's status only moves forward: draft, published, deprecated"),
};
