import { expect, it } from 'vitest';
import { changeRequestDetailSchema } from '../../contract/changes';
import { seedDemoData } from './demo-data';
import { describeApi } from '../test/api-harness';

describeApi(
  'demo change requests',
  (ctx) => {
    const detail = async (id: string) => {
      const res = await ctx().get(`/api/change-requests/${id}`);
      expect(res.statusCode).toBe(200);
      return changeRequestDetailSchema.parse(res.json());
    };

    it('seeds one request waiting for approval, made on the seeded state (not stale)', async () => {
      const pending = await detail('demo-change-1');
      expect(pending).toMatchObject({
        status: 'pending',
        stale: false,
        tenantId: 'tenant-001',
        environment: 'production',
      });
      expect(pending.diff[0]).toMatchObject({
        before: { sessionTimeoutMinutes: 15 },
        after: { sessionTimeoutMinutes: 20 },
      });
      expect(pending.events.map((e) => e.kind)).toEqual(['request', 'comment']);
      expect((await ctx().get('/api/change-requests/summary')).json().waitingForMe).toBe(1);
    });

    it('seeds a rejected request and one approved for a maintenance window ahead', async () => {
      expect((await detail('demo-change-2')).status).toBe('rejected');
      const scheduled = await detail('demo-change-3');
      expect(scheduled).toMatchObject({
        status: 'scheduled',
        stale: false,
        scheduleTimeZone: 'Europe/Berlin',
      });
      expect(Date.parse(scheduled.scheduledAt ?? '')).toBeGreaterThan(Date.now());
      expect(scheduled.events.map((e) => e.kind)).toEqual(['request', 'approve']);
    });
  },
  seedDemoData,
);
