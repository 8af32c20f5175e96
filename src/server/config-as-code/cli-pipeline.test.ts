import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { changeRequests } from '../db/schema';
import { SECOND_ADMIN } from '../test/change-requests';
import { REPO_ROOT, runCli } from '../test/cli';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { startGitServer, type GitServer } from '../test/git-server';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

/*
 * docs/config-as-code-cli.md's pipeline, run as written: its shell blocks, each as one CI job, against
 * the app on a real port (a service account's API token) and a real Git server. The test plays the
 * people: who edits the file on a branch, the forge (merge, pull request comments), the reviewer.
 */

const run = promisify(execFile);
/** A global administrator who writes the edit: as its author they may not approve its release. */
const WRITER = {
  id: 'pipeline-writer',
  name: 'Pat Writer',
  email: 'pat.writer@example.com',
  globalRole: 'admin' as const,
};
const DOC = new URL('../../../docs/config-as-code-cli.md', import.meta.url);
const JOBS = ['define', 'setup', 'pullRequest', 'merge', 'check'] as const;
type Job = (typeof JOBS)[number];

/** The doc's pipeline blocks by job, in the doc's order. */
async function pipelineJobs(): Promise<Record<Job, string>> {
  const doc = await readFile(DOC, 'utf8');
  const section =
    doc.split('## A pipeline: plan on a pull request, apply on merge')[1]?.split('\n## ')[0] ?? '';
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  if (blocks.length !== JOBS.length)
    throw new Error(`docs/config-as-code-cli.md: ${blocks.length} pipeline blocks`);
  return Object.fromEntries(JOBS.map((job, index) => [job, blocks[index]])) as Record<Job, string>;
}

/** A forge's comments endpoint: records each pull request comment's body. */
async function commentsReceiver(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const ok = request.headers.authorization === 'Bearer forge-token';
      if (ok) bodies.push(String(JSON.parse(text).body));
      response.writeHead(ok ? 201 : 401, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/comments`, bodies, server };
}

interface JobRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** One job as a CI runner runs it: bash, `set -euo pipefail`, the doc's definition, a fresh directory. */
async function runJob(script: string, define: string, env: Record<string, string>): Promise<JobRun> {
  const cwd = await mkdtemp(join(tmpdir(), 'ci-job-'));
  try {
    const { stdout, stderr } = await run(
      'bash',
      ['--noprofile', '--norc', '-c', `set -euo pipefail\n${define}${script}`],
      {
        cwd,
        env: { ...env, HOME: cwd },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** The person's edit on the branch: a production configuration and a web app's description. */
const edit = (text: string): string => {
  const edited = text
    .replace(
      '      configuration:\n        a: 2\n',
      '      configuration:\n        a: 2\n        timeoutMs: 2000\n',
    )
    .replace('description: Embeddable widgets\n', 'description: Embeddable widgets for partners\n');
  if (edited.split('\n').length !== text.split('\n').length + 1) throw new Error('the edit did not apply');
  return edited;
};

/** The plan the edit makes, as `plan` prints it: exactly the two edits, grouped by resource. */
const EDIT_DIFF = `configuration Identity Service/production/us-east-1
  New Identity Service configuration in production · us-east-1 (configuration.create)
    production · us-east-1: v2 → v3:
      timeoutMs: (none) → 2000

web_app Admin Widgets
  Edit web app Admin Widgets in development (web_app.update)
    Admin Widgets:
      description: "Embeddable widgets" → "Embeddable widgets for partners"
`;

for (const kind of testDatabaseKinds()) {
  describe(`docs/config-as-code-cli.md, the pipeline, run as written [${kind}]`, () => {
    let database: TestDatabase;
    let app: App;
    let git: GitServer;
    let comments: Awaited<ReturnType<typeof commentsReceiver>>;
    let env: Record<string, string>;
    const transcript: string[] = [];

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await insertFixtures(database.handle.db);
      app = await buildApp({ database: database.handle });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      git = await startGitServer();
      await git.createRepo('config');
      comments = await commentsReceiver();
      env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        RM_URL: url,
        RM_TOKEN: await serviceAccountToken(app, database),
        RM_HOME: REPO_ROOT,
        CONFIG_REPO: git.url('config').replace('http://', `http://ci:${git.writeToken}@`),
        TENANT: 'Acme Corp',
        PR_COMMENTS_URL: comments.url,
        FORGE_TOKEN: 'forge-token',
        GIT_TERMINAL_PROMPT: '0',
      };
    });

    afterAll(async () => {
      console.info(`the pipeline's run [${kind}]:\n${transcript.join('\n')}`);
      await app?.close();
      await git?.close();
      await new Promise((resolve) => comments?.server.close(resolve));
      await database?.dispose();
    });

    const job = async (name: Job, extra: Record<string, string> = {}): Promise<JobRun> => {
      const jobs = await pipelineJobs();
      const result = await runJob(jobs[name], jobs.define, { ...env, ...extra });
      const commands = jobs[name].trimEnd().replace(/^/gm, '$ ');
      transcript.push(
        `# job: ${name}`,
        commands,
        result.stdout.trimEnd(),
        result.stderr.trimEnd(),
        `# exit ${result.code}`,
      );
      return result;
    };

    it('exports into Git, plans the pull request, applies on merge through approvals, then plans to 0', async () => {
      const { db } = database.handle;
      // Once: the tenant as exported, committed on main, plans to nothing.
      const setup = await job('setup');
      expect(setup.code, setup.stderr).toBe(0);
      const committed = await git.readFile('config', 'main', 'tenant.yaml');
      expect(committed).toMatch(
        /^apiVersion: resource-manager\/v1\nkind: Tenant\nmetadata:\n {2}name: Acme Corp\n/,
      );
      expect((await job('check')).code).toBe(0);

      // A pull request whose file the server refuses fails its job, and nothing is commented.
      await git.commitFile(
        'config',
        'broken',
        'tenant.yaml',
        committed?.replace('status: running', 'status: jogging') ?? '',
      );
      transcript.push(
        '# a person opens a pull request whose file has a web app status the console does not know',
      );
      const broken = await job('pullRequest', { PR_BRANCH: 'broken' });
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(
        'resource-manager: The server answered 400: The document is not valid: spec.webApps[1].status',
      );
      expect(comments.bodies).toEqual([]);

      // A person edits the file on a branch and opens a pull request: the job comments exactly the edit.
      const writerCookie = await sessionCookieFor(db, WRITER);
      await git.commitFile('config', 'raise-timeout', 'tenant.yaml', edit(committed ?? ''), WRITER);
      transcript.push(`# ${WRITER.email} commits the edit on branch raise-timeout and opens a pull request`);
      const pullRequest = await job('pullRequest', { PR_BRANCH: 'raise-timeout' });
      expect(pullRequest.code, pullRequest.stderr).toBe(0);
      const plan = `Plan for tenant tenant-001 from tenant.yaml: 2 changes\n\n${EDIT_DIFF}`;
      expect(pullRequest.stdout).toBe(plan);
      const sha = (await git.head('config', 'raise-timeout'))?.slice(0, 7);
      transcript.push(`# the pull request's comment:\n${comments.bodies.join('\n')}`);
      expect(comments.bodies).toEqual([`Plan of \`tenant.yaml\` at ${sha}:\n\n~~~\n${plan}~~~\n`]);
      // The same plan by hand: exit 2, and `diff` prints only the grouped diff.
      const branchFile = join(await mkdtemp(join(tmpdir(), 'pr-')), 'tenant.yaml');
      await writeFile(branchFile, (await git.readFile('config', 'raise-timeout', 'tenant.yaml')) ?? '');
      const byHand = await runCli(['diff', branchFile], {
        RM_URL: env.RM_URL ?? '',
        RM_TOKEN: env.RM_TOKEN ?? '',
      });
      expect([byHand.code, byHand.stdout]).toEqual([2, EDIT_DIFF]);

      // The forge merges; the merge job files the release, which waits for a second person.
      await run('git', ['update-ref', 'refs/heads/main', 'refs/heads/raise-timeout'], {
        cwd: join(git.root, 'config.git'),
      });
      transcript.push('# the forge merges raise-timeout into main');
      const merge = await job('merge');
      expect(merge.code, merge.stderr).toBe(0);
      const [release] = await db.select().from(changeRequests);
      expect(release).toMatchObject({
        status: 'pending',
        changeCount: 2,
        requestedBy: expect.stringMatching(/^config-bot@/),
      });
      expect(merge.stdout).toContain(`\nWaiting for approval: ${env.RM_URL}/changes/${release?.id}\n`);
      expect(merge.stdout).toContain(EDIT_DIFF);
      // Until it is approved the console differs from Git: the scheduled check fails with 2.
      expect((await job('check')).code).toBe(2);

      // The person who wrote the file is no second pair of eyes, though the service account filed it.
      const writer = await app.inject({
        method: 'POST',
        url: `/api/change-requests/${release?.id}/approve`,
        headers: { cookie: writerCookie },
        payload: {},
      });
      expect(writer.statusCode, writer.body).toBe(403);
      expect(writer.json().message).toContain('You wrote or merged the file this request applies');

      const reviewer = { cookie: await sessionCookieFor(db, SECOND_ADMIN) };
      transcript.push(`# ${SECOND_ADMIN.email} approves the release in the console`);
      const approval = await app.inject({
        method: 'POST',
        url: `/api/change-requests/${release?.id}/approve`,
        headers: reviewer,
        payload: {},
      });
      expect(approval.statusCode, approval.body).toBe(200);
      const [applied] = await db
        .select()
        .from(changeRequests)
        .where(eq(changeRequests.id, release?.id ?? ''));
      expect(applied?.status).toBe('applied');
      const check = await job('check');
      expect([check.code, check.stdout]).toEqual([
        0,
        'Plan for tenant tenant-001 from tenant.yaml: 0 changes\nNo changes: the live state matches the file.\n',
      ]);
    }, 180_000);
  });
}

/** A service account "Config Bot" (global administrator) and its API token, made as a person makes them. */
async function serviceAccountToken(app: App, database: TestDatabase): Promise<string> {
  const admin = { cookie: await sessionCookieFor(database.handle.db, TEST_ADMIN) };
  const account = await app.inject({
    method: 'POST',
    url: '/api/service-accounts',
    headers: admin,
    payload: { name: 'Config Bot', globalRole: 'admin' },
  });
  expect(account.statusCode, account.body).toBe(201);
  const token = await app.inject({
    method: 'POST',
    url: `/api/users/${account.json().id}/tokens`,
    headers: admin,
    payload: { name: 'ci-config' },
  });
  expect(token.statusCode, token.body).toBe(201);
  return token.json().token;
}
