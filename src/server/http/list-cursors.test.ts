import { expect, it } from 'vitest';
import { encodeCursor } from '../../contract/list-cursor';
import { describeApi } from '../test/api-harness';
import { CURSOR_LISTS, ROWS, seedListRows, type Row } from '../test/list-rows';

/*
 * Keyset paging (docs/lists.md): following X-Next-Cursor from the first page reads every row once, in
 * the list's order, and following X-Previous-Cursor back from the last page returns exactly the same
 * pages, for every sort of every list (ties on the sorted column and NULLs included). Cursors that the
 * API did not make, or made for another sort, are a 400 naming the field.
 */

const PAGE = 7;

describeApi(
  'list cursors',
  (ctx) => {
    const get = (url: string) => ctx().get(url);
    const ids = (res: { json: () => unknown }) => (res.json() as Row[]).map((row) => row.id);
    const header = (res: { headers: Record<string, unknown> }, name: string) => {
      const value = res.headers[name];
      return typeof value === 'string' ? value : undefined;
    };

    it('walks every sort of every list forwards and back by cursor, page for page', async () => {
      for (const { path, fields } of CURSOR_LISTS) {
        for (const field of fields) {
          for (const sort of [field, `-${field}`]) {
            const label = `${path} ${sort}`;
            const first = await get(`${path}?sort=${sort}&limit=200`);
            expect(first.statusCode, `${label}: ${first.body}`).toBe(200);
            const all = ids(first);
            // ROWS each, and the signed-in administrator among the users.
            expect(all.length, label).toBeGreaterThanOrEqual(ROWS);

            const forwards: string[][] = [];
            let res = await get(`${path}?sort=${sort}&limit=${PAGE}`);
            expect(header(res, 'x-previous-cursor'), label).toBeUndefined();
            for (;;) {
              expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
              expect(res.headers['x-total-count'], label).toBe(String(all.length));
              forwards.push(ids(res));
              const next = header(res, 'x-next-cursor');
              if (!next) break;
              res = await get(`${path}?sort=${sort}&limit=${PAGE}&cursor=${next}`);
            }
            expect(forwards.flat(), label).toEqual(all);
            expect(forwards.length, label).toBe(Math.ceil(all.length / PAGE));

            const backwards: string[][] = [];
            for (let previous = header(res, 'x-previous-cursor'); previous;) {
              const page = await get(`${path}?sort=${sort}&limit=${PAGE}&cursor=${previous}`);
              expect(page.statusCode, `${label}: ${page.body}`).toBe(200);
              expect(header(page, 'x-next-cursor'), label).toBeDefined();
              backwards.unshift(ids(page));
              previous = header(page, 'x-previous-cursor');
            }
            expect(backwards, label).toEqual(forwards.slice(0, -1));
          }
        }
      }
      // About 700 requests: PGlite on a loaded machine needs more than the default 30 s.
    }, 180_000);

    it('reads every page by offset as the cursor walk reads it: rows, order and total (deferred join)', async () => {
      // Offset pages past the first read the page's ids first, then the rows (db/deferred-page.ts).
      const views = [
        ...CURSOR_LISTS.flatMap(({ path, fields }) =>
          fields.flatMap((field) => [`${path}?sort=${field}`, `${path}?sort=-${field}`]),
        ),
        '/api/change-requests?state=closed&sort=-createdAt',
        '/api/audit-events?resourceType=tenant&sort=action',
        '/api/users?status=active&sort=-lastLoginAt',
        '/api/tenants?q=name&status=active&sort=owner',
      ];
      for (const view of views) {
        const walked: { ids: string[]; total: unknown }[] = [];
        let res = await get(`${view}&limit=${PAGE}`);
        for (;;) {
          expect(res.statusCode, `${view}: ${res.body}`).toBe(200);
          walked.push({ ids: ids(res), total: res.headers['x-total-count'] });
          const next = header(res, 'x-next-cursor');
          if (!next) break;
          res = await get(`${view}&limit=${PAGE}&cursor=${next}`);
        }
        expect(walked.length, view).toBeGreaterThan(1);
        for (const [index, page] of walked.entries()) {
          const byOffset = await get(`${view}&limit=${PAGE}&offset=${index * PAGE}`);
          expect(byOffset.statusCode, `${view} page ${index}: ${byOffset.body}`).toBe(200);
          expect(
            { ids: ids(byOffset), total: byOffset.headers['x-total-count'] },
            `${view} page ${index}`,
          ).toEqual(page);
        }
      }
    }, 180_000);

    it('gives cursors on offset pages too, so a page jump continues by cursor', async () => {
      const jumped = await get(`/api/audit-events?limit=${PAGE}&offset=${PAGE * 2}`);
      const next = header(jumped, 'x-next-cursor');
      const previous = header(jumped, 'x-previous-cursor');
      expect(next && previous).toBeTruthy();
      const byOffset = (offset: number) => get(`/api/audit-events?limit=${PAGE}&offset=${offset}`);
      expect(ids(await get(`/api/audit-events?limit=${PAGE}&cursor=${next}`))).toEqual(
        ids(await byOffset(PAGE * 3)),
      );
      expect(ids(await get(`/api/audit-events?limit=${PAGE}&cursor=${previous}`))).toEqual(
        ids(await byOffset(PAGE)),
      );
      const last = await byOffset(ROWS - 2);
      expect(header(last, 'x-next-cursor')).toBeUndefined();
    });

    it('refuses cursors it did not make, or made for another sort, with a 400 naming the field', async () => {
      const byName = await get(`/api/tenants?sort=name&limit=${PAGE}`);
      const nameCursor = header(byName, 'x-next-cursor');
      const forged = (key: unknown, sort = '-createdAt') =>
        Buffer.from(JSON.stringify({ d: 'next', s: sort, k: key, i: 'tenant-001' })).toString('base64url');
      const cases: [string, string][] = [
        ['/api/tenants?cursor=not*base64', 'cursor'],
        [`/api/tenants?cursor=${Buffer.from('{"d":"next"').toString('base64url')}`, 'cursor'],
        [`/api/tenants?cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'cursor'],
        [`/api/tenants?cursor=${forged('yesterday')}`, 'cursor'],
        [`/api/tenants?cursor=${forged(null)}`, 'cursor'],
        [`/api/tenants?cursor=${forged(7)}`, 'cursor'],
        [`/api/change-requests?sort=number&cursor=${forged('7', 'number')}`, 'cursor'],
        [`/api/tenants?sort=-createdAt&cursor=${nameCursor}`, 'cursor'],
        [`/api/tenants?sort=name&offset=7&cursor=${nameCursor}`, 'offset'],
        ['/api/audit-events?exactTotal=yes', 'exactTotal'],
      ];
      for (const [url, field] of cases) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues[0].path, url).toBe(`querystring.${field}`);
      }
      // A well-formed cursor of the right sort and type is read as a boundary, whatever row it names.
      const made = encodeCursor({ direction: 'next', sort: 'name', key: 'name c', id: 'tenant-000' });
      const after = await get(`/api/tenants?sort=name&limit=200&cursor=${made}`);
      expect(after.statusCode).toBe(200);
      expect((after.json() as Row[]).every((row) => String(row.name) >= 'name c')).toBe(true);
    });
  },
  seedListRows,
);
