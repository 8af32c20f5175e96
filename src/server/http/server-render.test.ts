import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ID } from '../../contract/server-render';
import { encodeViewCookie, VIEW_COOKIE } from '../../contract/view-cookie';
import { buildApp, type App } from '../app';
import { makeClientDir, removeClientDir } from '../test/client-dir';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

/**
 * The server's half of a page rendered on the server (http/server-render.ts): which visits are rendered,
 * what the page then carries, and that a renderer's failure costs the visitor nothing. The renderer here
 * reads the session as the browser's renderer does (through `api`) and writes what it read; the real one,
 * src/web/ssr/render-page.tsx, is exercised by the browser tests (e2e/shell/server-render.spec.ts).
 */
const RENDERER = `
export async function renderPage({ url, cookie, theme, locale, timeZone, api }) {
  if (url.startsWith('/users')) throw new Error('renderer failed');
  const me = await api('/api/auth/me');
  if (me.status !== 200) return undefined;
  const { user } = await me.json();
  return {
    markup: '<main>' + [user.email, theme, locale, timeZone, cookie.includes('sidebar_state=false') ? 'narrow' : 'wide'].join(' ') + '</main>',
    state: { queries: [{ note: '</script><script>alert(1)</script><!--' }] },
  };
}
`;

const TEMPLATE =
  '<!doctype html><html lang="en" class="dark"><head></head><body><div id="root"></div></body></html>';
const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
const view = (theme: 'light' | 'dark', zone = timeZone, language = locale) =>
  `${VIEW_COOKIE}=${encodeViewCookie({ theme, locale: language, timeZone: zone })}`;

describe('server render', () => {
  let database: TestDatabase;
  let app: App;
  let clientDir: string;
  let renderDir: string;
  let session: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    clientDir = makeClientDir({ files: { 'index.html': TEMPLATE } });
    renderDir = mkdtempSync(join(tmpdir(), 'rm-ssr-'));
    writeFileSync(join(renderDir, 'render-page.js'), RENDERER);
    app = await buildApp({ database: database.handle, clientDir, serverRenderDir: renderDir });
    session = await sessionCookieFor(database.handle.db, TEST_ADMIN);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
    removeClientDir(clientDir);
    rmSync(renderDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

  it('renders a list screen as the visitor, in their theme, locale and zone, with the answers beside it, kept private', async () => {
    const res = await page(
      '/tenants',
      `${session}; ${view('light', 'Asia/Tokyo', 'de-DE')}; sidebar_state=false`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div id="root"><main>${TEST_ADMIN.email} light de-DE Asia/Tokyo narrow</main></div>`,
    );
    expect(res.body).toContain('<html lang="en" style="color-scheme: light">');
    expect(res.headers['cache-control']).toBe('no-store');
    // Data only, and nothing in it closes the element or opens a comment.
    const state = res.body.slice(
      res.body.indexOf(`<script type="application/json" id="${SERVER_STATE_ID}">`),
    );
    expect(state).toContain(
      '\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!--',
    );
    expect(state.match(/<\/script>/g)).toHaveLength(1);

    const dark = await page('/', `${session}; ${view('dark')}`);
    expect(dark.body).toContain('<html lang="en" class="dark" style="color-scheme: dark">');
  });

  it('sends the page as built when it cannot render it as the browser would', async () => {
    const visits: [url: string, cookie: string][] = [
      // No view cookie (a browser that has not run the client yet), or a forged one.
      ['/tenants', session],
      ['/tenants', `${session}; ${VIEW_COOKIE}=dark|<script>|UTC`],
      // Dates this server could not write as the browser does: a zone or a locale it does not know.
      ['/tenants', `${session}; ${view('dark', 'Mars/Olympus_Mons')}`],
      ['/tenants', `${session}; ${view('dark', timeZone, 'not a locale')}`],
      // Not a list screen's default view.
      ['/tenants?offset=25', `${session}; ${view('dark')}`],
      // A path a URL parser reads as another host's /tenants; the browser's router, as no route at all.
      ['//x/tenants', `${session}; ${view('dark')}`],
      ['/settings', `${session}; ${view('dark')}`],
      // Signed out.
      ['/tenants', view('dark')],
    ];
    for (const [url, cookie] of visits) {
      const res = await page(url, cookie);
      expect(res.statusCode, `${url} ${cookie}`).toBe(200);
      expect(res.body, `${url} ${cookie}`).toBe(TEMPLATE);
    }
  });

  it('sends the page as built when the session has ended or the renderer fails', async () => {
    const failed = await page('/users', `${session}; ${view('dark')}`);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(TEMPLATE);
    const ended = await page('/tenants', `rm_session=not-a-session; ${view('dark')}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe(TEMPLATE);
  });
});
