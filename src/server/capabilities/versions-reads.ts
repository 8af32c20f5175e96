import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ConfigurationVersion, VersionContextParams } from '../../contract/capability-subscriptions';
import type { Environment } from '../../contract/common';
import type { PageQuery } from '../../contract/lists';
import type { Executor } from '../db/client';
import { tableFrom } from '../db/lazy-select';
import { pageQueries, offsetWindow, runList } from '../db/list';
import { capabilitySubscriptionVersions as versions } from '../db/schema';
import { notFound } from '../errors';

/** Reads of configuration versions (the writes: versions-service.ts). */

export function inContext(context: {
  tenantId: string;
  capabilityId?: string;
  environment: Environment;
  region: string;
}) {
  return and(
    eq(versions.tenantId, context.tenantId),
    context.capabilityId ? eq(versions.capabilityId, context.capabilityId) : undefined,
    eq(versions.environment, context.environment),
    eq(versions.region, context.region),
  );
}

type VersionRow = typeof versions.$inferSelect;

/**
 * Rows in the contract's shape: promotedFromVersionId becomes promotedFrom, read for all rows in one
 * query. A source deleted since is null (the column's ON DELETE SET NULL).
 */
export async function withPromotedFrom(db: Executor, rows: VersionRow[]): Promise<ConfigurationVersion[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.promotedFromVersionId ? [r.promotedFromVersionId] : [])))];
  const sources =
    ids.length === 0
      ? []
      : await db
          .select({
            versionId: versions.id,
            environment: versions.environment,
            region: versions.region,
            version: versions.version,
          })
          .from(versions)
          .where(inArray(versions.id, ids));
  const byId = new Map(sources.map((source) => [source.versionId, source]));
  return rows.map(({ promotedFromVersionId, ...row }) => ({
    ...row,
    promotedFrom: (promotedFromVersionId && byId.get(promotedFromVersionId)) || null,
  }));
}

/** The active configuration of one context; 404 when the context has none. */
export async function getActiveVersion(
  db: Executor,
  context: VersionContextParams,
): Promise<ConfigurationVersion> {
  const [active] = await db
    .select()
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)));
  if (!active) throw notFound('Active configuration version');
  const [shaped] = await withPromotedFrom(db, [active]);
  return shaped ?? active;
}

/** Every active configuration of a tenant in one (environment, region): one query for the whole page. */
export async function listActiveVersions(
  db: Executor,
  context: Omit<VersionContextParams, 'capabilityId'>,
): Promise<ConfigurationVersion[]> {
  const rows = await db
    .select()
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)))
    .orderBy(asc(versions.capabilityId));
  return withPromotedFrom(db, rows);
}

/** A context's versions, newest first. */
export async function listVersionHistory(
  db: Executor,
  context: VersionContextParams,
  query: PageQuery,
): Promise<{ items: ConfigurationVersion[]; total: number }> {
  const window = offsetWindow(query);
  // Version numbers are unique per context, so they alone order the pages stably.
  const page = await runList(
    db,
    pageQueries(db, tableFrom(versions), {
      table: versions,
      where: inContext(context),
      window,
      orderBy: [desc(versions.version)],
    }),
  );
  return { ...page, items: await withPromotedFrom(db, page.items) };
}
