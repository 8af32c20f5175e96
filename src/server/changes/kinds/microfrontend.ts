import { and, asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Microfrontend, MicrofrontendVersion } from '../../../contract/microfrontends';
import type { Transaction } from '../../db/client';
import { microfrontends, microfrontendVersions } from '../../db/schema';
import { badRequest } from '../../errors';
import {
  createMicrofrontend,
  getMicrofrontend,
  updateMicrofrontend,
} from '../../microfrontends/registry-service';
import { createMicrofrontendVersion } from '../../microfrontends/versions-service';
import { undoBy } from './inverse';
import { platformTarget, rowValuesOf } from './placement';
import { irreversible, type ChangeHandler } from './types';

type Kind<K extends Change['kind']> = Extract<Change, { kind: K }>;
type VersionChange = Kind<'microfrontend_version.create'>;

/*
 * The microfrontend registry, as a plan files it: global administrators' changes, filed under
 * production (placement.ts). A plan names a microfrontend by its slug, the registry's natural key.
 */

const idsOf = (rows: { id: string }[]) => JSON.stringify(rows.map((row) => row.id));

async function bySlug(tx: Transaction, slug: string) {
  return tx.select({ id: microfrontends.id }).from(microfrontends).where(eq(microfrontends.slug, slug));
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
 * release (it has no id yet). A 400 naming the field when neither finds one.
 */
async function ownerOf(tx: Transaction, { body }: VersionChange): Promise<Microfrontend> {
  if (body.microfrontendId) return getMicrofrontend(tx, body.microfrontendId);
  const [found] = body.microfrontendSlug ? await bySlug(tx, body.microfrontendSlug) : [];
  if (!found) {
    const message = body.microfrontendSlug
      ? `No microfrontend ${body.microfrontendSlug}`
      : 'microfrontendId or microfrontendSlug is required';
    throw badRequest(message, [{ path: 'body.microfrontendSlug', message }]);
  }
  return getMicrofrontend(tx, found.id);
}

/** A new (draft) version of a microfrontend; its key is the microfrontend and version string. */
export const microfrontendVersionCreate: ChangeHandler<VersionChange, MicrofrontendVersion> = {
  async target(tx, change) {
    const owner = await ownerOf(tx, change);
    return platformTarget(`New version ${change.body.version} of microfrontend ${owner.slug}`);
  },
  async snapshot(tx, change) {
    const owner = await ownerOf(tx, change);
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
      fingerprint: idsOf(same),
      diff: [{ label: `${owner.slug} ${change.body.version}`, before: null, after: fields }],
    };
  },
  async apply(tx, change, actor) {
    const owner = await ownerOf(tx, change);
    const { microfrontendSlug: _slug, ...fields } = change.body;
    return createMicrofrontendVersion(tx, { ...fields, microfrontendId: owner.id }, actor);
  },
  undo: async () =>
    irreversible('No change deletes a microfrontend version: deprecate it in the registry instead'),
};
