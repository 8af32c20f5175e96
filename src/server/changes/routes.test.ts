import { expect, it } from 'vitest';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

/** What the console relies on in the change-request API's answers. */
describeApi(
  'change request routes',
  (ctx) => {
    it('answers a stale If-Match with 412, the current revision and the request as the list shows it', async () => {
      const created = await ctx().inject({
        method: 'POST',
        url: '/api/change-requests',
        payload: {
          title: 'Raise a',
          change: {
            kind: 'configuration.create',
            body: {
              subscriptionId: 'sub-tenant-001-api-001',
              tenantId: 'tenant-001',
              capabilityId: 'api-001',
              environment: 'production',
              region: 'us-east-1',
              configuration: '{"a":3}',
            },
          },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, revision, number } = created.json<{ id: string; revision: number; number: number }>();

      const res = await ctx().inject({
        method: 'POST',
        url: `/api/change-requests/${id}/cancel`,
        headers: { 'if-match': `"${revision + 5}"` },
      });
      expect(res.statusCode, res.body).toBe(412);
      const body = res.json<{
        code: string;
        currentRevision: number;
        current: { id: string; number: number };
      }>();
      expect(body.code).toBe('PRECONDITION_FAILED');
      expect(body.currentRevision).toBe(revision);
      expect(body.current).toMatchObject({ id, number, status: 'pending', title: 'Raise a' });
      expect(res.headers.etag).toBe(`"${revision}"`);

      // The right revision goes through.
      const ok = await ctx().inject({
        method: 'POST',
        url: `/api/change-requests/${id}/cancel`,
        headers: { 'if-match': `"${revision}"` },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<{ status: string }>().status).toBe('cancelled');
    });
  },
  insertFixtures,
);
