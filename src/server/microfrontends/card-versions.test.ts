import { afterEach, expect, it, vi } from 'vitest';
import { CARD_VERSIONS, microfrontendListItemSchema } from '../../contract/microfrontends';
import type { Database } from '../db/client';
import { microfrontends, microfrontendVersions } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { countStatements } from '../test/count-statements';

/** Versions a minute apart, the last newest; 'cards-many' has more than a card shows. */
const MANY = CARD_VERSIONS + 5;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

async function prepare(db: Database): Promise<void> {
  await db.insert(microfrontends).values([
    { id: 'cards-many', slug: 'cards-many', name: 'Cards A many' },
    { id: 'cards-two', slug: 'cards-two', name: 'Cards B two' },
    { id: 'cards-none', slug: 'cards-none', name: 'Cards C none' },
  ]);
  await db.insert(microfrontendVersions).values([
    ...Array.from({ length: MANY }, (_, i) => ({
      id: `cards-many-v${String(i).padStart(2, '0')}`,
      microfrontendId: 'cards-many',
      version: `1.${i}.0`,
      createdAt: at(i),
    })),
    // Created in the same minute: the id breaks the tie, as on the versions list.
    { id: 'cards-two-a', microfrontendId: 'cards-two', version: '0.1.0', createdAt: at(3) },
    { id: 'cards-two-b', microfrontendId: 'cards-two', version: '0.2.0', createdAt: at(3) },
  ]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describeApi(
  'the registry page carries each card its versions',
  (ctx) => {
    const page = async (url: string) => {
      const res = await ctx().get(url);
      expect(res.statusCode).toBe(200);
      return {
        rows: microfrontendListItemSchema.array().parse(res.json()),
        total: res.headers['x-total-count'],
      };
    };
    const versionsListOf = async (id: string) =>
      (await ctx().get(`/api/microfrontend-versions/microfrontend/${id}`)).json<unknown[]>();

    it('gives each row the newest versions the versions list shows first, and how many it has', async () => {
      const { rows, total } = await page('/api/microfrontends?q=cards-');
      expect(total).toBe('3');
      expect(rows.map((row) => [row.id, row.versions.length, row.versionCount])).toEqual([
        ['cards-many', CARD_VERSIONS, MANY],
        ['cards-two', 2, 2],
        ['cards-none', 0, 0],
      ]);
      for (const row of rows) {
        expect(row.versions.every((version) => version.microfrontendId === row.id)).toBe(true);
        // The same objects, in the same order, as the microfrontend's own versions list.
        expect(row.versions).toEqual(await versionsListOf(row.id));
      }
      expect(rows[0]?.versions[0]).toMatchObject({ id: `cards-many-v${MANY - 1}` });
    });

    it('keeps paging, search and sort; the versions follow the rows of the page', async () => {
      const second = await page('/api/microfrontends?q=cards-&sort=-name&limit=1&offset=1');
      expect(second.total).toBe('3');
      expect(second.rows.map((row) => [row.id, row.versionCount])).toEqual([['cards-two', 2]]);
      const none = await page('/api/microfrontends?q=no-such-microfrontend');
      expect(none.rows).toEqual([]);
      expect((await ctx().get('/api/microfrontends?limit=0')).json().issues[0].path).toBe(
        'querystring.limit',
      );
    });

    it('reads the versions of a whole page in one statement, however many rows it has', async () => {
      const { kind, db } = ctx();
      const statementsFor = async (url: string) => {
        const count = countStatements(kind, db);
        const { rows } = await page(url);
        const statements = count();
        vi.restoreAllMocks();
        return { rows: rows.length, statements };
      };
      const one = await statementsFor('/api/microfrontends?q=cards-&limit=1');
      const three = await statementsFor('/api/microfrontends?q=cards-');
      expect([one.rows, three.rows]).toEqual([1, 3]);
      // The one-row page also counts its total (it is not the last page): at most that one more.
      expect(three.statements).toBeLessThanOrEqual(one.statements);
    });
  },
  prepare,
);
