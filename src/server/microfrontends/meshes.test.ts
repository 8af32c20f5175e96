import { expect, it } from 'vitest';
import { meshManifestSchema } from '../../contract/web-app-meshes';
import { microfrontendVersions } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const item = (order: number, extra: object = {}) => ({
  label: `Item ${order}`,
  microfrontendVersionId: 'mfv-1',
  config: {},
  order,
  ...extra,
});
const mesh = (items: object[], extra: object = {}) => ({
  name: 'Portal',
  description: 'Customer portal',
  tenantId: 'tenant-001',
  menuItems: JSON.stringify(items),
  ...extra,
});

describeApi(
  'web app meshes',
  (ctx) => {
    const create = (payload: object) => ctx().inject({ method: 'POST', url: '/api/web-app-meshes', payload });

    it('creates a mesh with ids assigned, items in order, createdBy from the session', async () => {
      const res = await create(
        mesh(
          [
            item(1, { microfrontendVersionId: 'mfv-2', label: 'Reports' }),
            item(0, { label: 'Home', config: { color: 'red' } }),
          ],
          { createdBy: 'mallory' },
        ),
      );
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created.createdBy).toBe('test-admin@example.com');
      const items = JSON.parse(created.menuItems);
      expect(items.map((i: { label: string; order: number }) => [i.label, i.order])).toEqual([
        ['Home', 0],
        ['Reports', 1],
      ]);
      expect(items.every((i: { id: string }) => i.id.length > 0)).toBe(true);
    });

    it('refuses what the form refuses, and more, naming the item', async () => {
      const cases: [object, string, string][] = [
        [mesh([]), 'body.menuItems', 'Please add at least one menu item.'],
        [mesh([item(0, { label: ' ' })]), 'body.menuItems.0.label', 'menuItems.0.label: Label is required'],
        [
          mesh([item(0), item(1, { microfrontendVersionId: '' })]),
          'body.menuItems.1.microfrontendVersionId',
          'menuItems.1.microfrontendVersionId: Version is required',
        ],
        [
          mesh([item(0, { microfrontendVersionId: 'mfv-3' })]),
          'body.menuItems.0.microfrontendVersionId',
          'menuItems.0.microfrontendVersionId: Version is not published',
        ],
        [
          mesh([item(0, { microfrontendVersionId: 'ghost' })]),
          'body.menuItems.0.microfrontendVersionId',
          'menuItems.0.microfrontendVersionId: Version not found',
        ],
        [mesh([item(0), item(2)]), 'body.menuItems', 'menuItems: Orders must be 0..1, each once'],
        [mesh([item(0)], { name: '' }), 'body.name', 'Invalid body.name: Name is required'],
        [mesh([item(0)], { tenantId: '' }), 'body.tenantId', 'Invalid body.tenantId: Tenant is required'],
        [mesh([item(0)], { tenantId: 'tenant-999' }), 'body.tenantId', 'Tenant not found'],
        [{ ...mesh([]), menuItems: 'not json' }, 'body.menuItems', 'menuItems must be valid JSON'],
      ];
      for (const [payload, field, message] of cases) {
        const res = await create(payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().issues[0].path, message).toBe(field);
        expect(res.json().message).toBe(message);
      }
    });

    it('lets developers create meshes in their tenant, members not', async () => {
      const developer = await sessionCookieFor(ctx().db, {
        id: 'mesh-dev',
        email: 'dev@a.io',
        roles: { 'tenant-001': 'developer' },
      });
      const member = await sessionCookieFor(ctx().db, {
        id: 'mesh-member',
        email: 'm@a.io',
        roles: { 'tenant-001': 'member' },
      });
      const as = (cookie: string) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/web-app-meshes',
          payload: mesh([item(0)]),
          headers: { cookie },
        });
      expect((await as(developer)).statusCode).toBe(201);
      expect((await as(member)).statusCode).toBe(403);
    });

    it('serves a manifest: menu in order with entry URLs, modules, hashes and merged configuration', async () => {
      await ctx().db.insert(microfrontendVersions).values({
        id: 'mfv-cfg',
        microfrontendId: 'mfe-2',
        version: '5.0.0',
        status: 'published',
        entryUrl: 'https://cdn.example.com/reports/5.0.0/remoteEntry.js',
        exposedModules: '["./Reports"]',
        integrityHash: 'sha256-abc=',
        defaultConfig: '{"pageSize":20,"theme":"light"}',
      });
      const created = (
        await create(
          mesh([
            item(0, { label: 'Reports', microfrontendVersionId: 'mfv-cfg', config: { theme: 'dark' } }),
            item(1, { label: 'Home' }),
          ]),
        )
      ).json();
      const res = await ctx().get(`/api/web-app-meshes/${created.id}/manifest`);
      expect(res.statusCode).toBe(200);
      const manifest = meshManifestSchema.parse(res.json());
      expect(manifest.items.map((i) => [i.order, i.label, i.microfrontend.slug, i.version])).toEqual([
        [0, 'Reports', 'reports', '5.0.0'],
        [1, 'Home', 'dashboard', '1.0.0'],
      ]);
      expect(manifest.items[0]).toMatchObject({
        entryUrl: 'https://cdn.example.com/reports/5.0.0/remoteEntry.js',
        exposedModules: ['./Reports'],
        integrityHash: 'sha256-abc=',
        config: { pageSize: 20, theme: 'dark' },
      });
      expect((await ctx().get('/api/web-app-meshes/nope/manifest')).statusCode).toBe(404);
    });

    it('deletes a mesh', async () => {
      const created = (await create(mesh([item(0)]))).json();
      expect(
        (await ctx().inject({ method: 'DELETE', url: `/api/web-app-meshes/${created.id}` })).statusCode,
      ).toBe(204);
      expect((await ctx().get(`/api/web-app-meshes/${created.id}`)).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
