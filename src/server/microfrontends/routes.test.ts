import { expect, it } from 'vitest';
import { z } from 'zod';
import { microfrontendSchema, microfrontendVersionSchema } from '../../contract/microfrontends';
import { webAppMeshSchema } from '../../contract/web-app-meshes';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

describeApi(
  'microfrontends and meshes API',
  (ctx) => {
    const get = (url: string) => ctx().get(url);
    const ids = (body: { id: string }[]) => body.map((item) => item.id);

    it('lists and reads microfrontends', async () => {
      expect(ids(z.array(microfrontendSchema).parse((await get('/api/microfrontends')).json()))).toEqual([
        'mfe-1',
        'mfe-2',
      ]);
      expect((await get('/api/microfrontends/mfe-1')).json()).toMatchObject({
        slug: 'dashboard',
        name: 'Dashboard',
      });
      expect((await get('/api/microfrontends/missing')).statusCode).toBe(404);
    });

    it('lists only published versions for the mesh form, newest first', async () => {
      const res = await get('/api/microfrontend-versions/microfrontend/mfe-1/published');
      const versions = z.array(microfrontendVersionSchema).parse(res.json());
      expect(versions.map((v) => [v.version, v.status])).toEqual([
        ['1.1.0', 'published'],
        ['1.0.0', 'published'],
      ]);
      expect(versions[1]?.moduleType).toBe('module-federation');
      expect(ids((await get('/api/microfrontend-versions/microfrontend/mfe-1')).json())).toEqual([
        'mfv-3',
        'mfv-2',
        'mfv-1',
      ]);
      expect((await get('/api/microfrontend-versions/microfrontend/mfe-2/published')).json()).toEqual([]);
      expect((await get('/api/microfrontend-versions/microfrontend/missing/published')).statusCode).toBe(404);
    });

    it('reads one version, or 404', async () => {
      expect(
        microfrontendVersionSchema.parse((await get('/api/microfrontend-versions/mfv-1')).json()).entryUrl,
      ).toBe('https://cdn.example.com/d/1.0.0/remoteEntry.js');
      const missing = await get('/api/microfrontend-versions/nope');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Microfrontend version not found');
    });

    it('lists and reads meshes with menuItems as JSON text', async () => {
      const meshes = z
        .array(webAppMeshSchema)
        .parse((await get('/api/web-app-meshes?tenantId=tenant-001')).json());
      expect(ids(meshes)).toEqual(['mesh-1']);
      expect(JSON.parse(meshes[0]?.menuItems ?? '')[0]).toMatchObject({ label: 'Dashboard', order: 0 });
      expect((await get('/api/web-app-meshes?tenantId=tenant-002')).json()).toEqual([]);
      expect((await get('/api/web-app-meshes/mesh-1')).statusCode).toBe(200);
      expect((await get('/api/web-app-meshes/nope')).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
