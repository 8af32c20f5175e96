import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeApi, type ApiContext } from './test/api-harness';
import { insertFixtures } from './test/fixtures';

/**
 * Optimistic concurrency on every editable resource: writes carrying a stale If-Match get 412 and
 * change nothing; matching ones bump the revision and send the new ETag.
 */
interface Editable {
  name: string;
  /** The write a form sends (PATCH, or PUT for settings) and a change it can make twice. */
  url: string;
  method: 'PATCH' | 'PUT';
  change: (n: number) => Record<string, unknown>;
  /** The field `change` writes, read back to prove a refused write left it alone. */
  field: string;
  /** Reads the resource as the API sends it. */
  read: (ctx: ApiContext) => Promise<Record<string, unknown>>;
}

const byGet = (url: string) => async (ctx: ApiContext) => (await ctx.get(url)).json();
const fromList = (url: string, id: string) => async (ctx: ApiContext) =>
  ((await ctx.get(url)).json() as Record<string, unknown>[]).find((r) => r.id === id) ?? {};

const SETTINGS = {
  accountEmail: null,
  organization: 'Acme',
  emailNotifications: true,
  autoScaling: false,
  maintenanceMode: false,
};

const EDITABLE: Editable[] = [
  {
    name: 'tenant',
    url: '/api/tenants/tenant-003',
    method: 'PATCH',
    change: (n) => ({ description: `edit ${n}` }),
    field: 'description',
    read: byGet('/api/tenants/tenant-003'),
  },
  {
    name: 'user',
    url: '/api/users/user-2',
    method: 'PATCH',
    change: (n) => ({ name: `Bob ${n}` }),
    field: 'name',
    read: fromList('/api/users', 'user-2'),
  },
  {
    name: 'user profile',
    url: '/api/user-profiles/profile-2',
    method: 'PATCH',
    change: (n) => ({ jobTitle: `Engineer ${n}` }),
    field: 'jobTitle',
    read: fromList('/api/user-profiles?userId=user-2', 'profile-2'),
  },
  {
    name: 'capability',
    url: '/api/capabilities/api-002',
    method: 'PATCH',
    change: (n) => ({ description: `edit ${n}` }),
    field: 'description',
    read: byGet('/api/capabilities/api-002'),
  },
  {
    name: 'notification template',
    url: '/api/notification-templates/tpl-1',
    method: 'PATCH',
    change: (n) => ({ name: `Template ${n}` }),
    field: 'name',
    read: async (ctx) => {
      const { db } = ctx;
      const { notificationTemplates } = await import('./db/schema');
      const { eq } = await import('drizzle-orm');
      const [row] = await db
        .select()
        .from(notificationTemplates)
        .where(eq(notificationTemplates.id, 'tpl-1'));
      return row ?? {};
    },
  },
  {
    name: 'microfrontend',
    url: '/api/microfrontends/mfe-1',
    method: 'PATCH',
    change: (n) => ({ name: `Dashboard ${n}` }),
    field: 'name',
    read: byGet('/api/microfrontends/mfe-1'),
  },
  {
    name: 'microfrontend version (draft)',
    url: '/api/microfrontend-versions/mfv-3',
    method: 'PATCH',
    change: (n) => ({ entryUrl: `https://cdn.example.com/d/${n}/remoteEntry.js` }),
    field: 'entryUrl',
    read: byGet('/api/microfrontend-versions/mfv-3'),
  },
  {
    name: 'web app',
    url: '/api/web-apps/app-1',
    method: 'PATCH',
    change: (n) => ({ description: `edit ${n}` }),
    field: 'description',
    read: byGet('/api/web-apps/app-1'),
  },
  {
    name: 'settings',
    url: '/api/settings',
    method: 'PUT',
    change: (n) => ({ ...SETTINGS, organization: `Acme ${n}` }),
    field: 'organization',
    read: byGet('/api/settings'),
  },
];

/** Deletable resources: a stale If-Match keeps them; a matching one deletes them. */
const DELETABLE: { name: string; url: string; create?: (ctx: ApiContext) => Promise<string> }[] = [
  { name: 'tenant', url: '/api/tenants/tenant-004' },
  // The profile first: deleting its user deletes it too.
  { name: 'user profile', url: '/api/user-profiles/profile-3' },
  { name: 'user', url: '/api/users/user-2' },
  { name: 'capability', url: '/api/capabilities/api-003' },
  { name: 'notification template', url: '/api/notification-templates/tpl-2' },
  { name: 'web app', url: '/api/web-apps/app-4' },
  {
    name: 'microfrontend',
    url: '/api/microfrontends/',
    create: async (ctx) =>
      (
        await ctx.inject({
          method: 'POST',
          url: '/api/microfrontends',
          payload: { slug: 'to-delete', name: 'To delete' },
        })
      ).json().id,
  },
  {
    name: 'web app mesh',
    url: '/api/web-app-meshes/',
    create: async (ctx) =>
      (
        await ctx.inject({
          method: 'POST',
          url: '/api/web-app-meshes',
          payload: {
            name: 'Portal',
            tenantId: 'tenant-001',
            menuItems: JSON.stringify([
              { label: 'Home', microfrontendVersionId: 'mfv-1', config: {}, order: 0 },
            ]),
          },
        })
      ).json().id,
  },
];

const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

describeApi(
  'optimistic concurrency (revision, ETag, If-Match)',
  (ctx) => {
    const write = (r: Editable, n: number, ifMatch?: string) =>
      ctx().inject({
        method: r.method,
        url: r.url,
        payload: r.change(n),
        headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
      });

    for (const r of EDITABLE) {
      it(`${r.name}: a matching If-Match writes and bumps the revision; a stale one gets 412 and writes nothing`, async () => {
        const start = Number((await r.read(ctx())).revision);
        const first = await write(r, 1, `"${start}"`);
        expect(first.statusCode, first.body).toBe(200);
        expect(json(first).revision).toBe(start + 1);
        expect(first.headers.etag).toBe(`"${start + 1}"`);

        // Admin B still holds the old revision: refused, told what is there now.
        const stale = await write(r, 2, `"${start}"`);
        expect(stale.statusCode).toBe(412);
        const body = json(stale);
        expect(body).toMatchObject({ code: 'PRECONDITION_FAILED', currentRevision: start + 1 });
        expect((body.current as Record<string, unknown>)[r.field]).toBe(json(first)[r.field]);
        expect(stale.headers.etag).toBe(`"${start + 1}"`);
        const after = await r.read(ctx());
        expect(after.revision).toBe(start + 1);
        expect(after[r.field]).toBe(json(first)[r.field]);

        // A weak tag of the current revision matches; no If-Match at all still writes (old clients).
        expect((await write(r, 3, `W/"${start + 1}"`)).statusCode).toBe(200);
        const unconditional = await write(r, 4);
        expect(unconditional.statusCode).toBe(200);
        expect(json(unconditional).revision).toBe(start + 3);
        expect((await write(r, 5, '*')).statusCode).toBe(200);
      });

      it(`${r.name}: a well-formed If-Match that names no current revision is a 412 and changes nothing`, async () => {
        const before = await r.read(ctx());
        const start = Number(before.revision);
        // RFC 9110: an entity-tag this API never hands out is still well formed; it just matches nothing.
        for (const tag of ['"abc"', 'W/"x,y"', '""', '"999", "abc"']) {
          const res = await write(r, 20, tag);
          expect(res.statusCode, tag).toBe(412);
          expect(json(res)).toMatchObject({ code: 'PRECONDITION_FAILED', currentRevision: start });
        }
        const after = await r.read(ctx());
        expect(after.revision).toBe(start);
        expect(after[r.field]).toBe(before[r.field]);
        // A list matches when any of its tags does.
        expect((await write(r, 21, `"abc", W/"${start}", "${start + 40}"`)).statusCode).toBe(200);
      });

      it(`${r.name}: a malformed If-Match is a 400 naming the header`, async () => {
        for (const bad of ['3', 'abc', 'W/3', '"open', '"1" "2"', '"1", x']) {
          const res = await write(r, 9, bad);
          expect(res.statusCode, bad).toBe(400);
          expect(json(res)).toMatchObject({
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'headers.if-match' }],
          });
        }
      });

      it(`${r.name}: two writes from the same revision at once: exactly one wins`, async () => {
        const start = Number((await r.read(ctx())).revision);
        const results = await Promise.all([write(r, 10, `"${start}"`), write(r, 11, `"${start}"`)]);
        expect(results.map((res) => res.statusCode).sort()).toEqual([200, 412]);
        const winner = results.find((res) => res.statusCode === 200);
        const after = await r.read(ctx());
        expect(after.revision).toBe(start + 1);
        expect(after[r.field]).toBe(winner && json(winner)[r.field]);
      });
    }

    it('GET by id sends the revision as a strong ETag', async () => {
      for (const url of [
        '/api/tenants/tenant-001',
        '/api/capabilities/api-001',
        '/api/web-apps/app-2',
        '/api/microfrontends/mfe-2',
        '/api/microfrontend-versions/mfv-1',
        '/api/settings',
      ]) {
        const res = await ctx().get(url);
        expect(res.headers.etag, url).toBe(`"${json(res).revision}"`);
      }
    });

    for (const d of DELETABLE) {
      it(`${d.name}: DELETE with a stale If-Match is refused (412) and keeps it; a matching one deletes`, async () => {
        const url = d.create ? `${d.url}${await d.create(ctx())}` : d.url;
        const del = (ifMatch: string) =>
          ctx().inject({ method: 'DELETE', url, headers: { 'if-match': ifMatch } });
        const stale = await del('"999"');
        expect(stale.statusCode, stale.body).toBe(412);
        const { code, currentRevision, current } = json(stale);
        expect(code).toBe('PRECONDITION_FAILED');
        expect(current).toMatchObject({ revision: currentRevision });
        expect([200, 204]).toContain((await del(`"${String(currentRevision)}"`)).statusCode);
        expect((await del(`"${String(currentRevision)}"`)).statusCode).toBe(404);
      });
    }

    it("settings: admin B's stale save (maintenance off) cannot switch off what admin A turned on", async () => {
      const loaded = json(await ctx().get('/api/settings'));
      const ifMatch = `"${String(loaded.revision)}"`;
      const put = (payload: object) =>
        ctx().inject({ method: 'PUT', url: '/api/settings', payload, headers: { 'if-match': ifMatch } });
      // Both admins loaded the same settings; A turns maintenance on first.
      const a = await put({ ...SETTINGS, maintenanceMode: true });
      expect(a.statusCode).toBe(200);
      // B changes the organization on the form it loaded earlier, where maintenance was still off.
      const b = await put({ ...SETTINGS, organization: 'Globex', maintenanceMode: false });
      expect(b.statusCode).toBe(412);
      expect(json(b).current).toMatchObject({ maintenanceMode: true });
      expect(json(await ctx().get('/api/settings'))).toMatchObject({ maintenanceMode: true });
    });
  },
  insertFixtures,
);

describeApi('optimistic concurrency before the settings were first saved', (ctx) => {
  it('the defaults are revision 0; the first save makes 1; a second first save gets 412', async () => {
    const loaded = await ctx().get('/api/settings');
    expect(loaded.headers.etag).toBe('"0"');
    const put = () =>
      ctx().inject({
        method: 'PUT',
        url: '/api/settings',
        payload: SETTINGS,
        headers: { 'if-match': '"0"' },
      });
    const results = await Promise.all([put(), put()]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 412]);
    expect(json(await ctx().get('/api/settings')).revision).toBe(1);
  });
});
