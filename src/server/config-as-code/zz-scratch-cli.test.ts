import { it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { writeFileSync } from 'node:fs';

it('scratch', async () => {
  const database = await openTestDatabase('pglite');
  await insertFixtures(database.handle.db);
  const app = await buildApp({ database: database.handle });
  const cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
  const res = await app.inject({ method: 'GET', url: '/api/tenants/tenant-001/export', headers: { cookie } });
  writeFileSync('/tmp/cli-scratch/tenant-001.yaml', res.body);
  const plan = await app.inject({ method: 'POST', url: '/api/plans', headers: { cookie }, payload: { document: res.body } });
  writeFileSync('/tmp/cli-scratch/plan0.json', plan.body);
  const edited = res.body.replace('targetService: ', 'targetService: x');
  const plan2 = await app.inject({ method: 'POST', url: '/api/plans', headers: { cookie }, payload: { document: edited } });
  writeFileSync('/tmp/cli-scratch/plan1.json', plan2.body);
  const pol = await app.inject({ method: 'GET', url: '/api/tenants/tenant-001/approval-policy', headers: { cookie } });
  writeFileSync('/tmp/cli-scratch/policy.json', pol.body);
  await app.close(); await database.dispose();
}, 60000);
