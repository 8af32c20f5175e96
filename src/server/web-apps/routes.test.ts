import { expect, it } from 'vitest';
import { z } from 'zod';
import { webAppSchema } from '../../contract/web-apps';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

describeApi(
  'web apps API',
  (ctx) => {
    const get = (url: string) => ctx().get(url);
    const ids = (body: { id: string }[]) => body.map((item) => item.id);

    it('lists web apps newest first, searchable by name, description or technology', async () => {
      const res = await get('/api/web-apps');
      expect(ids(z.array(webAppSchema).parse(res.json()))).toEqual(['app-4', 'app-3', 'app-2', 'app-1']);
      expect(ids((await get('/api/web-apps?q=portal')).json())).toEqual(['app-1']);
      expect(ids((await get('/api/web-apps?q=widgets')).json())).toEqual(['app-2']);
      expect(ids((await get('/api/web-apps?q=iframe')).json())).toEqual(['app-3']);
    });

    it('filters by status and by tenant', async () => {
      expect(ids((await get('/api/web-apps?status=running')).json())).toEqual(['app-4', 'app-1']);
      expect(ids((await get('/api/web-apps?tenantId=tenant-002')).json())).toEqual(['app-3']);
    });

    it('reads one web app, or 404', async () => {
      expect((await get('/api/web-apps/app-2')).json()).toMatchObject({
        status: 'provisioning',
        environment: 'development',
      });
      expect((await get('/api/web-apps/nope')).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
