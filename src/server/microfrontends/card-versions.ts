import { asc, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { MicrofrontendListQuery } from '../../contract/lists';
import {
  CARD_VERSIONS,
  type MicrofrontendListItem,
  type MicrofrontendVersion,
} from '../../contract/microfrontends';
import type { Executor } from '../db/client';
import type { ListPage } from '../db/list';
import { microfrontendVersions } from '../db/schema';
import { listMicrofrontends } from './registry-service';

/** What a registry card shows of one microfrontend's versions. */
export interface CardVersions {
  versions: MicrofrontendVersion[];
  versionCount: number;
}

/**
 * The newest `limit` versions of each of the given microfrontends and how many each has, in one
 * statement for the whole page: a window numbers each microfrontend's versions newest first (the
 * versions list's order: created, then id, descending) and counts them; only the first `limit` of
 * each leave the database. Microfrontends without versions are absent from the map.
 */
export async function newestVersionsOf(
  db: Executor,
  microfrontendIds: string[],
  limit = CARD_VERSIONS,
): Promise<Map<string, CardVersions>> {
  const byMicrofrontend = new Map<string, CardVersions>();
  if (microfrontendIds.length === 0) return byMicrofrontend;
  const v = microfrontendVersions;
  const ranked = db
    .select({
      ...getTableColumns(v),
      place:
        sql<number>`row_number() over (partition by ${v.microfrontendId} order by ${v.createdAt} desc, ${v.id} desc)`.as(
          'place',
        ),
      versionCount: sql<number>`count(*) over (partition by ${v.microfrontendId})`.as('version_count'),
    })
    .from(v)
    .where(inArray(v.microfrontendId, microfrontendIds))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.place, limit))
    .orderBy(asc(ranked.microfrontendId), asc(ranked.place));
  for (const { place: _place, versionCount, ...version } of rows) {
    const entry = byMicrofrontend.get(version.microfrontendId);
    if (entry) entry.versions.push(version);
    else
      byMicrofrontend.set(version.microfrontendId, {
        versions: [version],
        versionCount: Number(versionCount),
      });
  }
  return byMicrofrontend;
}

/** GET /api/microfrontends: a page of the registry, each row with its card's versions (one statement more per page, none per row). */
export async function listMicrofrontendCards(
  db: Executor,
  query: MicrofrontendListQuery,
): Promise<ListPage<MicrofrontendListItem>> {
  const page = await listMicrofrontends(db, query);
  const versions = await newestVersionsOf(
    db,
    page.items.map((microfrontend) => microfrontend.id),
  );
  return {
    ...page,
    items: page.items.map((microfrontend) => ({
      ...microfrontend,
      ...(versions.get(microfrontend.id) ?? { versions: [], versionCount: 0 }),
    })),
  };
}
