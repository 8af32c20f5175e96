import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrationsFolder } from '../paths';

/*
 * Migrations 0014 and 0015 (releases): a database made before them keeps its change requests, each now a
 * set of one whose item holds the change, diff and fingerprint the request had, in the state it ended in.
 */

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'rm-migrations-'));
  folders.push(folder);
  await cp(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return folder;
}

it('turns every earlier request into a set of one, its history kept', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rm-release-migration-'));
  folders.push(dataDir);
  const before = await openDatabase({ kind: 'pglite', dataDir }, await migrationsBefore('0014_releases'));
  await before.migrate();
  await before.db.execute(sql`
    insert into change_requests (id, environment, kind, title, change, diff, base_fingerprint, status,
      required_approvals, requested_by, outcome)
    values
      ('old-applied', 'production', 'web_app.update', 'Edit', '{"kind":"web_app.update","webAppId":"a","body":{"url":"https://x"}}',
       '[{"label":"A","before":null,"after":"https://x"}]', 'fp-1', 'applied', 1, 'dev@example.com', null),
      ('old-failed', 'uat', 'web_app.update', 'Edit', '{"kind":"web_app.update","webAppId":"a","body":{"url":"https://y"}}',
       '[]', 'fp-2', 'failed', 0, 'dev@example.com', 'It moved on'),
      ('old-pending', 'uat', 'web_app.update', 'Edit', '{"kind":"web_app.update","webAppId":"a","body":{"url":"https://z"}}',
       '[]', 'fp-3', 'pending', 1, 'dev@example.com', null)`);
  await before.close();

  const after = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
  await after.migrate();
  const items = await after.db.execute(sql`
    select change_request_id as id, position, kind, environment, change->'body'->>'url' as url, diff,
      base_fingerprint, state, outcome from change_request_items order by change_request_id`);
  const requests = await after.db.execute(sql`select id, change_count from change_requests order by id`);
  await after.close();
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
  expect(rowsOf(items)).toEqual([
    {
      id: 'old-applied',
      position: 0,
      kind: 'web_app.update',
      environment: 'production',
      url: 'https://x',
      diff: [{ label: 'A', before: null, after: 'https://x' }],
      base_fingerprint: 'fp-1',
      state: 'applied',
      outcome: null,
    },
    expect.objectContaining({ id: 'old-failed', state: 'failed', outcome: 'It moved on', url: 'https://y' }),
    expect.objectContaining({ id: 'old-pending', state: 'pending', outcome: null, base_fingerprint: 'fp-3' }),
  ]);
  expect(rowsOf(requests)).toEqual([
    { id: 'old-applied', change_count: 1 },
    { id: 'old-failed', change_count: 1 },
    { id: 'old-pending', change_count: 1 },
  ]);
});
