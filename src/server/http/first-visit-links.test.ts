import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_SCREENS } from '../../../scripts/bench-bundle.mjs';
import { FIRST_VISIT_ROUTES } from '../../contract/first-visit';
import { buildApp, type App } from '../app';
import { makeClientDir, removeClientDir, withClientDir } from '../test/client-dir';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { firstVisitLinks } from './first-visit-links';

const fetchLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/** The chunks a signed-in screen loads, as `vite build` names them, and the one the entry loads itself. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_web-1.js'] },
  '_web-1.js': { file: 'assets/web-1.js' },
  '_select-1.js': { file: 'assets/select-1.js', imports: ['_web-1.js'] },
  'app/route-data.ts': { file: 'assets/route-data-1.js', imports: ['_web-1.js'] },
  'app/shell/app-shell.tsx': { file: 'assets/app-shell-1.js', imports: ['_web-1.js'] },
  'auth/components/user-menu.tsx': { file: 'assets/user-menu-1.js' },
  'releases/components/release-nav-button.tsx': { file: 'assets/release-nav-button-1.js' },
  'tenants/components/tenants-page.tsx': {
    file: 'assets/tenants-page-1.js',
    imports: ['_web-1.js', '_select-1.js'],
  },
  'app/route-queries/tenants.ts': { file: 'assets/tenants-2.js', imports: ['_web-1.js'] },
  'overview/components/overview-page.tsx': { file: 'assets/overview-page-1.js' },
  'app/route-queries/overview.ts': { file: 'assets/overview-3.js' },
};
const SHELL = ['/assets/app-shell-1.js', '/assets/user-menu-1.js', '/assets/release-nav-button-1.js'];
const moduleLinks = (files: string[]) => files.map((file) => `<${file}>; rel=modulepreload`);

describe('first-visit Link header', () => {
  let database: TestDatabase;
  let app: App;
  let clientDir: string;
  let cookie: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    clientDir = makeClientDir({ manifest: MANIFEST });
    app = await buildApp({ database: database.handle, clientDir });
    cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
    removeClientDir(clientDir);
  });

  it("preloads a list screen's session check, first requests and chunks, less those the page loads", async () => {
    for (const url of ['/tenants', '/tenants/']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers.link, url).toBe(
        [
          fetchLink('/api/auth/me'),
          fetchLink('/api/tenants?sort=-createdAt&limit=25&offset=0'),
          ...moduleLinks([
            ...SHELL,
            '/assets/tenants-page-1.js',
            '/assets/select-1.js',
            '/assets/tenants-2.js',
          ]),
        ].join(', '),
      );
    }
  });

  it('serves the index through the same page, Link header included', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      // The header depends on the cookie: a cache must not answer one visitor's page to another.
      expect(res.headers.vary).toBe('accept-encoding, cookie');
      expect(res.headers.link).toBe(
        [
          fetchLink('/api/auth/me'),
          fetchLink('/api/overview'),
          ...moduleLinks([...SHELL, '/assets/overview-page-1.js', '/assets/overview-3.js']),
        ].join(', '),
      );
    }
  });

  it("preloads no list request for a view in the address, whose requests the client's chunk builds", async () => {
    const res = await app.inject({ url: '/tenants?status=active&page=2', headers: { cookie } });
    expect(res.headers.link).toBe(
      [
        fetchLink('/api/auth/me'),
        ...moduleLinks([
          ...SHELL,
          '/assets/tenants-page-1.js',
          '/assets/select-1.js',
          '/assets/tenants-2.js',
        ]),
      ].join(', '),
    );
  });

  it('preloads only the session check on a page without route data', async () => {
    for (const url of ['/settings', '/tenant/tenant-001/control-plane', '/no/such/page'])
      expect((await app.inject({ url, headers: { cookie } })).headers.link, url).toBe(
        fetchLink('/api/auth/me'),
      );
    // The manifest names none of /users' own chunks here: its requests and the shell are preloaded all the same.
    expect((await app.inject({ url: '/users', headers: { cookie } })).headers.link).toBe(
      [
        fetchLink('/api/auth/me'),
        ...FIRST_VISIT_ROUTES['/users'].requests.map(fetchLink),
        ...moduleLinks(SHELL),
      ].join(', '),
    );
  });

  it('preloads nothing for a visitor without a session, nor on assets and API answers', async () => {
    for (const url of ['/', '/tenants', '/login']) {
      const res = await app.inject(url);
      expect(res.headers, url).not.toHaveProperty('link');
      expect(res.headers.vary, url).toBe('accept-encoding, cookie');
    }
    expect((await app.inject('/assets/app-abc123.js')).headers.vary).toBe('accept-encoding');
    for (const url of ['/assets/app-abc123.js', '/api/health', '/api/no-such-route'])
      expect((await app.inject({ url, headers: { cookie } })).headers, url).not.toHaveProperty('link');
  });

  it('preloads nothing for a client that would not read it: no manifest, or no route-data module', () => {
    const { 'app/route-data.ts': _routeData, ...withoutRouteData } = MANIFEST;
    for (const manifest of [undefined, withoutRouteData])
      withClientDir({ manifest }, (older) =>
        expect(firstVisitLinks(older)('/apis', '', true)).toBeUndefined(),
      );
  });

  it('refuses a malformed manifest with an error naming it, at start-up', () => {
    const manifest = { ...MANIFEST, 'app/route-queries/tenants.ts': { file: 42 } };
    withClientDir({ manifest }, (broken) => expect(() => firstVisitLinks(broken)).toThrow(/manifest\.json/));
  });

  it("names the same screen modules as the bundle benchmark, which a plain Node script can't import from here", () => {
    const screens = Object.entries(FIRST_VISIT_ROUTES).map(([path, route]) => [path, route.screen]);
    expect(LIST_SCREENS).toEqual(Object.fromEntries(screens));
  });
});
