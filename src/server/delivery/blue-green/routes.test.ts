import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { parseBlueGreenConfig } from '../../../contract/blue-green';
import { auditEvents } from '../../db/schema';
import { describeApi } from '../../test/api-harness';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';

describeApi(
  'capability blue-green endpoints',
  (ctx) => {
    const post = (path: string, payload: object, id = 'api-002') =>
      ctx().inject({ method: 'POST', url: `/api/capabilities/${id}/${path}`, payload });
    const config = (res: { json(): { blueGreenConfig: string } }) =>
      parseBlueGreenConfig(res.json().blueGreenConfig);

    it('toggles, sets slot versions, switches and rolls back, answering with the config as JSON text', async () => {
      const toggled = await post('toggle-environment-blue-green', {
        environment: 'production',
        enabled: true,
      });
      expect(toggled.statusCode).toBe(200);
      expect(typeof toggled.json().blueGreenConfig).toBe('string');
      expect(
        config(
          await post('update-environment-slot-version', {
            environment: 'production',
            slot: 'blue',
            version: '1.0.0',
          }),
        ).production?.activeSlot,
      ).toBe('blue');
      const switched = config(await post('switch', { environment: 'production', toVersion: '1.1.0' }));
      expect(switched.production).toMatchObject({ activeSlot: 'green', greenVersion: '1.1.0' });
      const rolledBack = config(await post('rollback', { environment: 'production' }));
      expect(rolledBack.production?.activeSlot).toBe('blue');
      expect(rolledBack.production?.deploymentHistory.map((e) => e.action)).toEqual(['switch', 'rollback']);
      const audited = await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, 'api-002'));
      expect(audited.map((e) => e.action)).toEqual(
        expect.arrayContaining([
          'capability.blue_green.toggle',
          'capability.blue_green.switch',
          'capability.blue_green.rollback',
        ]),
      );
    });

    it('answers 409 when the environment is not enabled, 404 for an unknown capability, 400 for bad input', async () => {
      const disabled = await post('switch', { environment: 'uat', toVersion: '1.0.0' });
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().message).toBe('Blue-green deployment is not enabled for uat');
      expect((await post('switch', { environment: 'uat', toVersion: '1.0.0' }, 'api-404')).statusCode).toBe(
        404,
      );
      const bad = await post('switch', { environment: 'staging', toVersion: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual([
        'body.environment',
        'body.toVersion',
      ]);
      expect(
        (
          await post('update-environment-slot-version', {
            environment: 'production',
            slot: 'purple',
            version: '1',
          })
        ).statusCode,
      ).toBe(400);
    });

    it('serialises concurrent switches: each appends exactly one event, one active slot remains', async () => {
      await post('toggle-environment-blue-green', { environment: 'development', enabled: true }, 'api-003');
      await post(
        'update-environment-slot-version',
        { environment: 'development', slot: 'blue', version: 'v0' },
        'api-003',
      );
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('switch', { environment: 'development', toVersion: `v${i + 1}` }, 'api-003'),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const final = config(
        await ctx()
          .get('/api/capabilities/api-003')
          .then((r) => ({ json: () => r.json() })),
      );
      const history = final.development?.deploymentHistory ?? [];
      expect(history).toHaveLength(20);
      // Every event starts where the previous one ended: no lost or interleaved update.
      history.forEach((event, i) => {
        if (i > 0) expect(event.fromSlot).toBe(history[i - 1]?.toSlot);
      });
      expect(final.development?.activeSlot).toBe(history.at(-1)?.toSlot);
      expect(final.development?.activeSlot).toBe('blue');
    });
  },
  insertFixturesWithoutApprovals,
);
