import { and, eq, max } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Environment } from '../../../contract/common';
import type { ConfigurationVersion } from '../../../contract/capability-subscriptions';
import type { Transaction } from '../../db/client';
import { capabilities, capabilitySubscriptionVersions as versions } from '../../db/schema';
import { notFound } from '../../errors';
import { activateVersion, createVersion, promoteVersion } from '../../capabilities/versions-service';
import { undoBy } from './inverse';
import {
  configurationValue,
  irreversible,
  type ChangeHandler,
  type ChangeSnapshot,
  type Undo,
} from './types';

interface Context {
  tenantId: string;
  capabilityId: string;
  environment: Environment;
  region: string;
}

const inContext = (c: Context) =>
  and(
    eq(versions.tenantId, c.tenantId),
    eq(versions.capabilityId, c.capabilityId),
    eq(versions.environment, c.environment),
    eq(versions.region, c.region),
  );

/** The active version of a context and the highest number used: what a new version would follow. */
async function contextState(tx: Transaction, context: Context) {
  const [active] = await tx
    .select({ id: versions.id, version: versions.version, configuration: versions.configuration })
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)));
  const [{ highest } = { highest: null }] = await tx
    .select({ highest: max(versions.version) })
    .from(versions)
    .where(inContext(context));
  return { active, highest: highest ?? 0 };
}

async function capabilityName(tx: Transaction, capabilityId: string): Promise<string> {
  const [row] = await tx
    .select({ name: capabilities.name })
    .from(capabilities)
    .where(eq(capabilities.id, capabilityId));
  return row?.name ?? capabilityId;
}

async function versionRow(tx: Transaction, versionId: string) {
  const [row] = await tx.select().from(versions).where(eq(versions.id, versionId));
  if (!row) throw notFound('Configuration version');
  return row;
}

/**
 * Undoes a new active version in each context: the version active before is activated again. A context
 * that had none cannot go back to having none (versions are never deactivated, only replaced).
 */
async function reactivate(tx: Transaction, contexts: Context[]): Promise<Undo<unknown>> {
  const back: unknown[] = [];
  for (const context of contexts) {
    const { active } = await contextState(tx, context);
    if (!active) return irreversible(`No version was active in ${contextLabel(context)} to return to`);
    back.push({ kind: 'configuration.activate', versionId: active.id });
  }
  return undoBy(back);
}

const contextLabel = (c: Context) => `${c.environment} · ${c.region}`;

export const createConfiguration: ChangeHandler<
  Extract<Change, { kind: 'configuration.create' }>,
  ConfigurationVersion
> = {
  async target(tx, { body }) {
    return {
      scope: body.tenantId,
      environment: body.environment,
      action: 'versions',
      title: `New ${await capabilityName(tx, body.capabilityId)} configuration in ${contextLabel(body)}`,
    };
  },
  async snapshot(tx, { body }): Promise<ChangeSnapshot> {
    const { active, highest } = await contextState(tx, body);
    return {
      // Version numbers, not ids: a set that makes two versions of a context in a row fingerprints the
      // second on the first, whose id its dry run and its apply generate differently.
      fingerprint: `${active?.version ?? 'none'}@${highest}`,
      diff: [
        {
          label: `${contextLabel(body)}: v${active?.version ?? '–'} → v${highest + 1}`,
          before: active ? configurationValue(active.configuration) : null,
          after: configurationValue(body.configuration ?? ''),
        },
      ],
    };
  },
  apply: (tx, { body }, actor) => createVersion(tx, body, actor),
  undo: (tx, { body }) => reactivate(tx, [body]),
};

export const activateConfiguration: ChangeHandler<
  Extract<Change, { kind: 'configuration.activate' }>,
  ConfigurationVersion
> = {
  async target(tx, { versionId }) {
    const version = await versionRow(tx, versionId);
    return {
      scope: version.tenantId,
      environment: version.environment,
      action: 'versions',
      title: `Activate ${await capabilityName(tx, version.capabilityId)} v${version.version} in ${contextLabel(version)}`,
    };
  },
  async snapshot(tx, { versionId }): Promise<ChangeSnapshot> {
    const version = await versionRow(tx, versionId);
    const { active } = await contextState(tx, version);
    return {
      fingerprint: String(active?.version ?? 'none'),
      diff: [
        {
          label: `${contextLabel(version)}: v${active?.version ?? '–'} → v${version.version}`,
          before: active ? configurationValue(active.configuration) : null,
          after: configurationValue(version.configuration),
        },
      ],
    };
  },
  apply: (tx, { versionId }, actor) => activateVersion(tx, versionId, actor),
  undo: async (tx, { versionId }) => reactivate(tx, [await versionRow(tx, versionId)]),
};

export const promoteConfiguration: ChangeHandler<
  Extract<Change, { kind: 'configuration.promote' }>,
  ConfigurationVersion[]
> = {
  async target(tx, { versionId, body }) {
    const version = await versionRow(tx, versionId);
    return {
      scope: version.tenantId,
      environment: body.targetEnvironment,
      action: 'versions',
      title: `Promote ${await capabilityName(tx, version.capabilityId)} v${version.version} from ${version.environment} to ${body.targetEnvironment} (${[...new Set(body.targetRegions)].join(', ')})`,
    };
  },
  async snapshot(tx, { versionId, body }): Promise<ChangeSnapshot> {
    const source = await versionRow(tx, versionId);
    const fingerprints: string[] = [];
    const diff: ChangeSnapshot['diff'] = [];
    for (const region of [...new Set(body.targetRegions)]) {
      const context = { ...source, environment: body.targetEnvironment, region };
      const { active, highest } = await contextState(tx, context);
      fingerprints.push(`${region}:${active?.version ?? 'none'}@${highest}`);
      diff.push({
        label: `${contextLabel(context)}: v${active?.version ?? '–'} → v${highest + 1}`,
        before: active ? configurationValue(active.configuration) : null,
        after: configurationValue(source.configuration),
      });
    }
    return { fingerprint: fingerprints.join(','), diff };
  },
  apply: (tx, { versionId, body }, actor) => promoteVersion(tx, versionId, body, actor),
  async undo(tx, { versionId, body }) {
    const source = await versionRow(tx, versionId);
    const regions = [...new Set(body.targetRegions)];
    return reactivate(
      tx,
      regions.map((region) => ({ ...source, environment: body.targetEnvironment, region })),
    );
  },
};
