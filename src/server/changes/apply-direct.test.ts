import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { parseBlueGreenConfig } from '../../contract/blue-green';
import type { Actor } from '../auth/viewer';
import { auditEvents, tenants, webApps } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures, waiveApprovalsOf } from '../test/fixtures';
import { applyDirect } from './apply-direct';

const ACTOR: Actor = { id: null, email: 'direct@example.com' };
const REFUSAL = {
  code: 'APPROVAL_REQUIRED',
  message: 'This tenant’s production changes need an approval: request the change instead',
};

/*
 * tenant-001's production is live on blue 1.0.0 (green holds 0.9.0) and its policy is the default: one
 * approval in production. The tests run in order: the last one waives the approvals.
 */
describeApi(
  'applyDirect: the one path of a direct write that may need approvals',
  (ctx) => {
    const production = async () => {
      const [row] = await ctx().db.select().from(tenants).where(eq(tenants.id, 'tenant-001'));
      return parseBlueGreenConfig(row?.blueGreenConfig).production;
    };
    const audited = async (action: string) =>
      ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, 'tenant-001')));
    const switchTo = (toVersion: string) =>
      applyDirect(
        ctx().db,
        {
          kind: 'tenant_blue_green.switch',
          tenantId: 'tenant-001',
          body: { environment: 'production', toVersion },
        },
        ACTOR,
      );

    it('refuses with 409 APPROVAL_REQUIRED where the policy asks for approvals, and writes nothing', async () => {
      const before = await production();
      await expect(switchTo('2.0.0')).rejects.toMatchObject(REFUSAL);
      expect(await production()).toEqual(before);
      expect(await audited('tenant.blue_green.switch')).toHaveLength(0);
    });

    it("judges a conditional kind by its gate: the idle slot is direct, the live slot's version is a change", async () => {
      const slot = (slot: 'blue' | 'green', version: string) =>
        applyDirect(
          ctx().db,
          {
            kind: 'tenant_blue_green.slot_version',
            tenantId: 'tenant-001',
            body: { environment: 'production', slot, version },
          },
          ACTOR,
        );
      await expect(slot('blue', '1.1.0')).rejects.toMatchObject(REFUSAL);
      const result = await slot('green', '1.2.0');
      expect(parseBlueGreenConfig(result.blueGreenConfig).production?.greenVersion).toBe('1.2.0');
      expect(await production()).toMatchObject({
        activeSlot: 'blue',
        blueVersion: '1.0.0',
        greenVersion: '1.2.0',
      });
    });

    it('judges a web app edit by its gate: a name is direct, a production URL is a change', async () => {
      const edit = (body: { name?: string; environment?: 'production'; url?: string }) =>
        applyDirect(ctx().db, { kind: 'web_app.update', webAppId: 'app-1', body }, ACTOR);
      expect(await edit({ name: 'Portal' })).toMatchObject({ id: 'app-1', name: 'Portal' });
      await expect(
        edit({ environment: 'production', url: 'https://portal.example.com' }),
      ).rejects.toMatchObject(REFUSAL);
      const [row] = await ctx().db.select().from(webApps).where(eq(webApps.id, 'app-1'));
      expect(row).toMatchObject({ name: 'Portal', url: null });
      expect(row?.environment).not.toBe('production');
    });

    it('applies where no approval is needed, audited once, and answers what the service answers', async () => {
      await waiveApprovalsOf(ctx().db, ['tenant-001']);
      const result = await switchTo('2.0.0');
      expect(parseBlueGreenConfig(result.blueGreenConfig).production).toMatchObject({
        activeSlot: 'green',
        greenVersion: '2.0.0',
      });
      expect(await production()).toMatchObject({ activeSlot: 'green', greenVersion: '2.0.0' });
      expect(await audited('tenant.blue_green.switch')).toHaveLength(1);
    });
  },
  insertFixtures,
);
