import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { changeRequests } from '../db/schema';
import { SECOND_ADMIN } from '../test/change-requests';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

const execFileAsync = promisify(execFile);
const DOC = new URL('../../../docs/automation.md', import.meta.url);

/** The shell blocks of the doc's release section, in order: what a CI job copies. */
async function releaseScript(): Promise<string> {
  const doc = await readFile(DOC, 'utf8');
  const section = doc.split('## A release from a pipeline')[1]?.split('\n## ')[0] ?? '';
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  if (blocks.length < 2) throw new Error('docs/automation.md lost its release commands');
  return ['set -euo pipefail', ...blocks].join('\n');
}

for (const kind of testDatabaseKinds()) {
  describe(`docs/automation.md, a release from a pipeline, run as written [${kind}]`, () => {
    let database: TestDatabase;
    let app: App;
    let url: string;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await insertFixtures(database.handle.db);
      app = await buildApp({ database: database.handle });
      url = await app.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    it('files a release of four kinds with one token, waits for its review and watches it apply', async () => {
      const { db } = database.handle;
      const admin = { cookie: await sessionCookieFor(db, TEST_ADMIN) };
      const account = await app.inject({
        method: 'POST',
        url: '/api/service-accounts',
        headers: admin,
        payload: { name: 'Release Bot', globalRole: 'admin' },
      });
      expect(account.statusCode, account.body).toBe(201);
      const token = await app.inject({
        method: 'POST',
        url: `/api/users/${account.json().id}/tokens`,
        headers: admin,
        payload: { name: 'ci-release' },
      });
      expect(token.statusCode, token.body).toBe(201);
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        RM_URL: url,
        RM_TOKEN: token.json().token,
        TENANT_ID: 'tenant-001',
        CAPABILITY_ID: 'api-002',
        SUBSCRIPTION_ID: 'sub-tenant-001-api-002',
        VERSION: '4.2.0',
        BUNDLE_URL: 'https://bundles.example.com/tenant-001/4.2.0.tar.gz',
        BUILD_ID: '4712',
      };
      const pipeline = execFileAsync('bash', ['--noprofile', '--norc', '-c', await releaseScript()], { env });
      // The reviewer: once the release waits, a person approves it.
      const reviewer = { cookie: await sessionCookieFor(db, SECOND_ADMIN) };
      let approved = false;
      for (let attempt = 0; attempt < 600 && !approved; attempt++) {
        const [waiting] = await db.select().from(changeRequests).where(eq(changeRequests.status, 'pending'));
        if (waiting) {
          const approval = await app.inject({
            method: 'POST',
            url: `/api/change-requests/${waiting.id}/approve`,
            headers: reviewer,
            payload: {},
          });
          expect(approval.statusCode, approval.body).toBe(200);
          approved = true;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const { stdout } = await pipeline.catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`the pipeline failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      });
      console.info(`the release pipeline printed [${kind}]:\n${stdout}`);
      expect(stdout).toMatch(/Waiting for approval: .*\/changes\/\S+\n/);
      expect(stdout).toMatch(/Release: applied\n/);
      expect(stdout.match(/^\d\. .*: applied$/gm)).toHaveLength(4);
      const [request] = await db.select().from(changeRequests);
      expect(request).toMatchObject({
        status: 'applied',
        changeCount: 4,
        requestedBy: expect.stringMatching(/^release-bot@/),
      });
    }, 120_000);
  });
}
