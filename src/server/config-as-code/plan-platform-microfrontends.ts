import type { PlatformSpec } from '../../contract/config-doc';
import type { z } from 'zod';
import type { microfrontendPatchSchema, MicrofrontendVersionInput } from '../../contract/microfrontends';

type MicrofrontendPatch = z.infer<typeof microfrontendPatchSchema>;
import { sameValue, textOf } from './json-values';
import { healthCheckKey } from './keys';
import { matched, storedText, type Drafts } from './drafts';
import type { PlatformIds } from './platform-ids';

/* The platform document's microfrontends, their versions and the slots' health checks, planned. */

type MicrofrontendDoc = PlatformSpec['microfrontends'][number];
type VersionDoc = MicrofrontendDoc['versions'][number];
type HealthCheckDoc = MicrofrontendDoc['healthChecks'][number];

/** The health checks of one owner's slots: set the new and changed, and (prune) clear the omitted. */
export function planHealthChecks(
  drafts: Drafts,
  wanted: HealthCheckDoc[],
  live: HealthCheckDoc[],
  owner: { resourceType: 'capability' | 'microfrontend'; resourceId: string; name: string },
  path: string,
): void {
  const { pairs, omitted } = matched(wanted, live, healthCheckKey, healthCheckKey);
  const set = (check: HealthCheckDoc, url: string | null, prune: boolean) => {
    const { resourceType, resourceId } = owner;
    const body = {
      resourceType,
      resourceId,
      environment: check.environment,
      slot: check.slot,
      healthCheckUrl: url,
      healthCheckIntervalSeconds: url === null ? null : check.intervalSeconds,
    };
    const key = `${owner.name}/${healthCheckKey(check)}`;
    if (prune) drafts.prune({ kind: 'health_check.set', body }, 'health_check', key, resourceId);
    else drafts.add({ kind: 'health_check.set', body }, 'health_check', key, resourceId);
  };
  for (const { wanted: check, index, live: current } of pairs) {
    if (current && sameValue(check, current)) continue;
    if (check.intervalSeconds !== null && (check.intervalSeconds < 5 || check.intervalSeconds > 3600)) {
      drafts.cannot(`${path}.healthChecks[${index}].intervalSeconds`, 'must be from 5 to 3600 seconds');
      continue;
    }
    set(check, check.url, false);
  }
  for (const check of omitted) set(check, null, true);
}

const microfrontendPatch = (wanted: MicrofrontendDoc, current: MicrofrontendDoc): MicrofrontendPatch => ({
  ...(wanted.name !== current.name && { name: wanted.name }),
  ...(storedText(wanted.description) !== storedText(current.description) && {
    description: wanted.description,
  }),
  ...(storedText(wanted.repository) !== storedText(current.repository) && { repository: wanted.repository }),
});

/** A new version's body: JSON values as the text the registry keeps. */
const versionInput = (v: VersionDoc): Omit<MicrofrontendVersionInput, 'microfrontendId'> => ({
  version: v.version,
  entryUrl: v.entryUrl,
  moduleType: v.moduleType,
  exposedModules: textOf(v.exposedModules),
  sharedDependencies: textOf(v.sharedDependencies),
  defaultConfig: textOf(v.defaultConfig),
  buildMetadata: textOf(v.buildMetadata),
  integrityHash: v.integrityHash,
});

function planVersions(
  drafts: Drafts,
  wanted: MicrofrontendDoc,
  current: MicrofrontendDoc | undefined,
  path: string,
  id?: string,
) {
  const { pairs } = matched(
    wanted.versions,
    current?.versions ?? [],
    (v) => v.version,
    (v) => v.version,
  );
  for (const { wanted: version, index, live } of pairs) {
    const at = `${path}.versions[${index}]`;
    if (live) {
      // A version is immutable but for its status, which no change kind moves yet.
      if (!sameValue(version, live))
        drafts.cannot(at, 'a registered version cannot be changed: register a new version');
      continue;
    }
    if (version.status !== 'draft') drafts.cannot(`${at}.status`, 'a new version starts as a draft');
    const owner = id ? { microfrontendId: id } : { microfrontendSlug: wanted.slug };
    const body = { ...versionInput(version), ...owner };
    drafts.add(
      { kind: 'microfrontend_version.create', body },
      'microfrontend_version',
      `${wanted.slug}@${version.version}`,
    );
  }
}

/** Microfrontends: register the new with their versions, edit the changed, add new versions. */
export function planMicrofrontends(
  drafts: Drafts,
  spec: PlatformSpec,
  live: PlatformSpec,
  ids: PlatformIds,
): void {
  const { pairs } = matched(
    spec.microfrontends,
    live.microfrontends,
    (m) => m.slug,
    (m) => m.slug,
  );
  for (const { wanted, index, live: current } of pairs) {
    const path = `spec.microfrontends[${index}]`;
    const id = ids.microfrontend.get(wanted.slug);
    if (!current || !id) {
      const { slug, name, description, repository } = wanted;
      drafts.add(
        { kind: 'microfrontend.create', body: { slug, name, description, repository } },
        'microfrontend',
        slug,
      );
      planVersions(drafts, wanted, undefined, path);
      continue;
    }
    const patch = microfrontendPatch(wanted, current);
    if (Object.keys(patch).length > 0) {
      drafts.add(
        { kind: 'microfrontend.update', microfrontendId: id, body: patch },
        'microfrontend',
        wanted.slug,
        id,
      );
    }
    planVersions(drafts, wanted, current, path, id);
    const owner = { resourceType: 'microfrontend' as const, resourceId: id, name: wanted.slug };
    planHealthChecks(drafts, wanted.healthChecks, current.healthChecks, owner, path);
  }
}
