import { expect, it } from 'vitest';
import { changeRequestDetailSchema } from '../../contract/changes';
import type { Database } from '../db/client';
import { approvalPolicies } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import type { KindCase } from '../test/kind-cases';
import { tenantKindCases } from './plan-kinds-tenant';

/*
 * The kinds a configuration-as-code plan files for resources whose direct endpoints need no approval
 * (docs/changes.md): each filed, approved by a second person and applied gives what its direct write
 * gives; a direct write of its target meanwhile makes it stale; a revert undoes it or says why not.
 */

const CHANGES = '/api/change-requests';

/** One approval in every environment, for tenant-001 and the platform: every change here is reviewed. */
async function prepare(db: Database): Promise<void> {
  await insertFixtures(db);
  await db.insert(approvalPolicies).values(
    ['tenant-001', null].flatMap((tenantId) =>
      (['development', 'uat', 'production'] as const).map((environment) => ({
        tenantId,
        environment,
        requiredApprovals: 1,
      })),
    ),
  );
}

describeApi(
  'change kinds of configuration as code',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const cases: Record<string, KindCase> = { ...tenantKindCases(ctx) };
    const table = Object.entries(cases);
    let n = 0;
    const detail = async (id: string) => changeRequestDetailSchema.parse((await cr.detail(id)).json());

    it.each(table)(
      '%s: filed, approved by another person, applies what the direct write does',
      async (_, c) => {
        const ids = await c.setup(++n);
        const id = await cr.request(c.change(ids));
        expect((await detail(id)).status).toBe('pending');
        const approved = await cr.approve(id);
        expect(approved.statusCode, approved.body).toBe(200);
        expect(approved.json().status).toBe('applied');
        await c.direct(ids);
        expect(await c.state(ids, 'target')).toEqual(await c.state(ids, 'twin'));
      },
    );

    it.each(table)('%s: a direct write of its target meanwhile makes it stale', async (kind, c) => {
      const ids = await c.setup(++n);
      const id = await cr.request(c.change(ids));
      await cr.expectFresh(id, kind);
      await c.move(ids);
      await cr.expectStale(id, kind);
    });

    it.each(table)('%s: a revert undoes it, or says why it cannot', async (_, c) => {
      const ids = await c.setup(++n);
      const before = await c.state(ids, 'target');
      const id = await cr.request(c.change(ids));
      expect((await cr.approve(id)).json().status).toBe('applied');
      const applied = await detail(id);
      const revert = await cr.call('POST', `${CHANGES}/${id}/revert`, {});
      if (c.undo === 'restores') {
        expect(applied.changes[0]?.irreversible).toBeNull();
        expect(revert.statusCode, revert.body).toBe(201);
        expect((await cr.approve(revert.json().id)).json().status).toBe('applied');
        expect(await c.state(ids, 'target')).toEqual(before);
      } else {
        expect(applied.changes[0]?.irreversible).toMatch(c.undo);
        expect(revert.statusCode).toBe(409);
      }
    });
  },
  prepare,
);
