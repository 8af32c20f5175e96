import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../app';
import { changeRequestPeople } from '../db/schema';
import { runCli } from '../test/cli';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { bearerTokenFor, TEST_ADMIN, tenantMember } from '../test/sessions';

/* bin/resource-manager.mjs: its command line, exit codes and the server's refusals (docs/config-as-code-cli.md). */

const HELP_HINT = 'Run resource-manager --help for the commands and their options.\n';

describe('resource-manager, bad usage exits 1 with a clear message (no server needed)', () => {
  const env = { RM_URL: 'http://127.0.0.1:9', RM_TOKEN: 'rmt_unused' };
  const cases: [string, string[], string][] = [
    ['no command', [], 'No command given'],
    ['an unknown command', ['sync', 'a.yaml'], 'Unknown command "sync"'],
    ['an unknown option', ['plan', 'a.yaml', '--force'], "Unknown option '--force'"],
    ['an option of another command', ['plan', 'a.yaml', '--tenant', 'x'], 'plan does not take --tenant'],
    ['no file', ['plan'], 'plan needs one <file>'],
    ['two files', ['apply', 'a.yaml', 'b.yaml'], 'apply needs one <file>'],
    ['export with neither scope', ['export'], 'export needs either --tenant <id|name> or --platform'],
    ['export with both', ['export', '--tenant', 't', '--platform'], 'export needs either'],
    ['export with a file', ['export', '--platform', 'out.yaml'], 'export takes no file: out.yaml'],
    ['a wrong format', ['export', '--platform', '--format', 'xml'], '--format is yaml or json, not "xml"'],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const run = await runCli(args, env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`resource-manager: ${message}`);
    expect(run.stderr.endsWith(HELP_HINT)).toBe(true);
  });

  it('--help prints the commands and exits 0', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const command of [
      'export --tenant',
      'export --platform',
      'plan <file>',
      'diff <file>',
      'apply <file>',
    ]) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stdout).toContain('RM_URL');
    expect(run.stdout).toContain('RM_TOKEN');
  });

  it('without a server address or a token, says which is missing', async () => {
    expect((await runCli(['plan', 'a.yaml'], { RM_TOKEN: 't' })).stderr).toContain(
      'set RM_URL or pass --url',
    );
    expect((await runCli(['plan', 'a.yaml'], { RM_URL: 'http://x' })).stderr).toContain('set RM_TOKEN');
    const ftp = await runCli(['plan', 'a.yaml', '--url', 'ftp://x', '--token', 't']);
    expect([ftp.code, ftp.stderr]).toEqual([
      1,
      'resource-manager: --url/RM_URL is not an http(s) address: ftp://x\n',
    ]);
  });

  it('a file it cannot read exits 1, naming it', async () => {
    const run = await runCli(['plan', '/nonexistent/tenant.yaml'], env);
    expect([run.code, run.stderr]).toEqual([
      1,
      'resource-manager: Cannot read /nonexistent/tenant.yaml (ENOENT)\n',
    ]);
  });
});

describe('resource-manager against a listening server', () => {
  let database: TestDatabase;
  let app: App;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await insertFixtures(database.handle.db);
    app = await buildApp({ database: database.handle });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await bearerTokenFor(database.handle.db, TEST_ADMIN)).replace(/^Bearer /, '');
    env = { RM_URL: url, RM_TOKEN: token };
    dir = await mkdtemp(join(tmpdir(), 'rm-cli-'));
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exports a tenant by name or id, byte for byte the same, and its plan is empty (exit 0)', async () => {
    const byName = await runCli(['export', '--tenant', 'Acme Corp'], env);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toMatch(
      /^apiVersion: resource-manager\/v1\nkind: Tenant\nmetadata:\n {2}name: Acme Corp\n/,
    );
    const file = join(dir, 'tenant.yaml');
    const byId = await runCli(['export', '--tenant', 'tenant-001', '-o', file], env);
    expect([byId.code, byId.stdout]).toEqual([0, '']);
    expect(await readFile(file, 'utf8')).toBe(byName.stdout);

    const plan = await runCli(['plan', file], env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toBe(
      `Plan for tenant tenant-001 from ${file}: 0 changes\nNo changes: the live state matches the file.\n`,
    );
    const diff = await runCli(['diff', '-'], env, { input: byName.stdout });
    expect([diff.code, diff.stdout]).toEqual([0, '']);
  });

  it('exports the platform, which plans back to nothing', async () => {
    const file = join(dir, 'platform.yaml');
    const exported = await runCli(['export', '--platform', '-o', file], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toMatch(/^apiVersion: resource-manager\/v1\nkind: Platform\n/);
    const plan = await runCli(['plan', file], env);
    expect([plan.code, plan.stdout]).toEqual([
      0,
      `Plan for the platform from ${file}: 0 changes\nNo changes: the live state matches the file.\n`,
    ]);
  });

  it('exports JSON with --format json', async () => {
    const run = await runCli(['export', '--tenant', 'tenant-001', '--format', 'json'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ apiVersion: 'resource-manager/v1', kind: 'Tenant' });
  });

  it('a document the server refuses (400) exits 1 with its message and the field it names', async () => {
    const { stdout } = await runCli(['export', '--tenant', 'tenant-001', '--format', 'json'], env);
    const doc = JSON.parse(stdout);
    doc.spec.webApps[0].technology = 'cobol';
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify(doc));
    const run = await runCli(['plan', file], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'resource-manager: The server answered 400: The document is not valid: spec.webApps[0].technology: ' +
        'Invalid option: expected one of "module-federation"|"web-component"|"iframe-composition"\n',
    );
  });

  it('an unknown tenant, a refused token and a tenant the token may not read exit 1 with the reason', async () => {
    const missing = await runCli(['export', '--tenant', 'No Such Tenant'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^resource-manager: The server answered 404: /);
    const badToken = await runCli(['plan', '-'], { ...env, RM_TOKEN: 'rmt_nope' }, { input: '{}' });
    expect([badToken.code, badToken.stderr]).toEqual([
      1,
      'resource-manager: The server answered 401: Invalid API token\n',
    ]);
    const outsider = tenantMember('cli-outsider', 'owner');
    const token = (await bearerTokenFor(database.handle.db, { ...outsider, roles: {} })).replace(
      /^Bearer /,
      '',
    );
    const hidden = await runCli(['export', '--tenant', 'tenant-001', '--token', token], env);
    expect(hidden.code).toBe(1);
    expect(hidden.stderr).toMatch(/^resource-manager: The server answered (403|404): /);
  });

  it('what the file omits is listed apart and counts only with --prune', async () => {
    const { stdout } = await runCli(['export', '--tenant', 'tenant-001', '--format', 'json'], env);
    const doc = JSON.parse(stdout);
    doc.spec.webApps = doc.spec.webApps.filter((app: { name: string }) => app.name !== 'Admin Widgets');
    const file = join(dir, 'fewer.json');
    await writeFile(file, JSON.stringify(doc));
    const kept = await runCli(['plan', file], env);
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toMatch(
      /^Plan for tenant tenant-001 from .*: 0 changes\n\nNot in the file \(deleted only with --prune\):\n {2}web_app Admin Widgets\n {4}.*\(web_app\.delete\)\n/,
    );
    const pruned = await runCli(['diff', file, '--prune'], env);
    expect(pruned.code, pruned.stderr).toBe(2);
    expect(pruned.stdout).toMatch(/^Deleted \(not in the file, --prune\):\n {2}web_app Admin Widgets\n/);
  });

  it('apply where no approval is needed applies at once, prints it, and the file then plans to 0', async () => {
    const { stdout } = await runCli(['export', '--tenant', 'tenant-001'], env);
    const file = join(dir, 'dev-edit.yaml');
    await writeFile(file, stdout.replace('description: Embeddable widgets\n', 'description: Widgets\n'));
    const applied = await runCli(['apply', file, '--title', 'Shorter description'], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(
      '    Admin Widgets:\n      description: "Embeddable widgets" → "Widgets"\n',
    );
    expect(applied.stdout).toMatch(
      /\nChange request \S+ \(1 change\): applied, http:\/\/127\.0\.0\.1:\d+\/changes\/\S+\nApplied 1 change\.\n$/,
    );
    const again = await runCli(['apply', file], env);
    expect([
      again.code,
      again.stdout.endsWith('Nothing to apply: the live state matches the file.\n'),
    ]).toEqual([0, true]);
    expect((await runCli(['plan', file], env)).code).toBe(0);
  });

  it('apply records each --author that is a console user (any case) as behind the request', async () => {
    const { stdout } = await runCli(['export', '--tenant', 'tenant-001'], env);
    const file = join(dir, 'authored.yaml');
    await writeFile(
      file,
      stdout.replace(/description: (?:Embeddable widgets|Widgets)\n/, 'description: By Alice\n'),
    );
    const args = ['apply', file, '--author', 'ALICE@acme.io', '--author', 'nobody@example.com'];
    const applied = await runCli(args, env);
    expect(applied.code, applied.stderr).toBe(0);
    const id = /Change request (\S+) /.exec(applied.stdout)?.[1] ?? '';
    const people = await database.handle.db
      .select()
      .from(changeRequestPeople)
      .where(eq(changeRequestPeople.changeRequestId, id));
    expect(people.map((p) => [p.userId, p.reason])).toEqual([
      ['user-1', 'You wrote or merged the file this request applies (as the pipeline that filed it says)'],
    ]);
  });

  it('a server that is not there exits 1 saying so', async () => {
    const run = await runCli(['plan', '-'], { ...env, RM_URL: 'http://127.0.0.1:9' }, { input: '{}' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^resource-manager: Cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});
