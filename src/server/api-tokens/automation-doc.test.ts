import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { auditEvents, changeRequests, microfrontendDeployments, microfrontendVersions } from '../db/schema';
import { SECOND_ADMIN } from '../test/change-requests';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { startHealthServer, type HealthServer } from '../test/health-server';
import { TEST_PROBER_SETTINGS } from '../test/prober-settings';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { startProber, type Prober } from '../delivery/probes/prober';

const execFileAsync = promisify(execFile);

/** Runs the script; a failure reports what the commands printed (curl --fail-with-body prints the refusal). */
async function run(script: string, options: { env: Record<string, string>; cwd: string }) {
  try {
    return await execFileAsync('bash', ['--noprofile', '--norc', '-c', script], options);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`the pipeline failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}
const DOC = new URL('../../../docs/automation.md', import.meta.url);

/** The shell blocks of the doc's pipeline section, in order: what a CI job copies. */
async function pipelineScript(): Promise<string> {
  const doc = await readFile(DOC, 'utf8');
  const section = doc.split('## A pipeline, step by step')[1]?.split('\n## ')[0] ?? '';
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  if (blocks.length < 5) throw new Error('docs/automation.md lost its pipeline commands');
  return ['set -euo pipefail', ...blocks].join('\n');
}

for (const kind of testDatabaseKinds()) {
  describe(`docs/automation.md, run as written [${kind}]`, () => {
    let database: TestDatabase;
    let app: App;
    let url: string;
    let workDir: string;
    let health: HealthServer;
    let prober: Prober;
    const proberErrors: unknown[] = [];

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await insertFixtures(database.handle.db);
      app = await buildApp({ database: database.handle });
      url = await app.listen({ port: 0, host: '127.0.0.1' });
      // The new version's health endpoint, and the prober that checks it as the server's would.
      health = await startHealthServer();
      prober = startProber(
        database.handle.db,
        { ...TEST_PROBER_SETTINGS, intervalSeconds: 1 },
        {
          passMs: 100,
          onError: (error) => proberErrors.push(error),
        },
      );
      workDir = await mkdtemp(join(tmpdir(), 'rm-pipeline-'));
    });

    afterAll(async () => {
      await prober?.stop();
      await health?.close();
      await app?.close();
      await database?.dispose();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    it('registers, publishes and requests the production deployment of a version with only a token', async () => {
      const { db } = database.handle;
      const admin = { cookie: await sessionCookieFor(db, TEST_ADMIN) };
      const account = await app.inject({
        method: 'POST',
        url: '/api/service-accounts',
        headers: admin,
        payload: { name: 'Deploy Bot', globalRole: 'admin' },
      });
      expect(account.statusCode, account.body).toBe(201);
      const token = await app.inject({
        method: 'POST',
        url: `/api/users/${account.json().id}/tokens`,
        headers: admin,
        payload: { name: 'ci-dashboard' },
      });
      expect(token.statusCode, token.body).toBe(201);

      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        RM_URL: url,
        RM_TOKEN: token.json().token,
        MFE_ID: 'mfe-1',
        VERSION: '3.0.0',
        ENTRY_URL: 'https://cdn.example.com/dashboard/3.0.0/remoteEntry.js',
        EXPOSED_MODULES: '["./Dashboard"]',
        INTEGRITY: `sha384-${'A'.repeat(64)}`,
        TENANT_ID: 'tenant-001',
        HEALTH_URL: health.url('/dashboard/3.0.0/health'),
        BUILD_ID: '4711',
      };
      const script = await pipelineScript();
      const first = await run(script, { env, cwd: workDir });
      // A rerun of the same job (same BUILD_ID) replays every step: nothing is made twice.
      const second = await run(script, { env, cwd: workDir });
      expect(second.stdout).toBe(first.stdout);
      expect(first.stdout).toMatch(/New slot: healthy\n/);
      expect(proberErrors).toEqual([]);
      expect(first.stdout).toMatch(/Waiting for approval: .*\/changes\/\S+\npending\n/);

      const versions = await db
        .select()
        .from(microfrontendVersions)
        .where(eq(microfrontendVersions.version, '3.0.0'));
      expect(versions).toHaveLength(1);
      expect(versions[0]?.status).toBe('published');
      const idle = await db
        .select()
        .from(microfrontendDeployments)
        .where(eq(microfrontendDeployments.id, 'mfd-green'));
      expect(idle[0]?.versionId).toBe(versions[0]?.id);
      const requests = await db.select().from(changeRequests);
      expect(requests.map((r) => r.status)).toEqual(['pending']);
      expect(await readFile(join(workDir, 'kong.yaml'), 'utf8')).toMatch(/^_format_version:/m);

      // A person approves: production switches to the new version.
      const approval = await app.inject({
        method: 'POST',
        url: `/api/change-requests/${requests[0]?.id}/approve`,
        headers: { cookie: await sessionCookieFor(db, SECOND_ADMIN) },
        payload: {},
      });
      expect(approval.statusCode, approval.body).toBe(200);
      expect(approval.json().status).toBe('applied');

      const trail = await db
        .select({
          action: auditEvents.action,
          actor: auditEvents.actorEmail,
          token: auditEvents.actorTokenName,
        })
        .from(auditEvents)
        .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
      const byToken = trail.filter((event) => event.token === 'ci-dashboard');
      expect(byToken.map((event) => event.action)).toEqual([
        'microfrontend_version.create',
        'microfrontend_version.publish',
        'deployment.deploy',
        'change_request.create',
      ]);
      expect(new Set(byToken.map((event) => event.actor))).toEqual(
        new Set(['deploy-bot@service-accounts.invalid']),
      );
      console.info(`audit trail of the pipeline run [${kind}]:\n${JSON.stringify(trail, null, 1)}`);
    }, 120_000);
  });
}
