import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { describeApi } from '../../test/api-harness';
import { insertFixtures } from '../../test/fixtures';
import {
  authorizeAt,
  finishSso,
  signInDeps,
  ssoSignInAs,
  startSso,
  TEST_CALLBACK,
  useTestProvider,
  type SsoBrowser,
} from './test-login';
import type { IdTokenTamper } from './test-provider';

// Each attack must end on /login?sso_error=invalid_response with no session: openid-client's own checks
// (state, PKCE, nonce, signature, issuer, audience, expiry) refuse it, not a check of ours that could drift.
const provider = useTestProvider([
  { sub: 'alice-sub', email: 'alice@acme.io', emailVerified: true, name: 'Alice', groups: [] },
]);

const REFUSED = '/login?sso_error=invalid_response';
const newBrowser = (): SsoBrowser => ({ appJar: new Map() });

describeApi(
  'single sign-on attacks',
  (ctx) => {
    afterEach(() => {
      provider().tamper = undefined;
    });

    const sessionCount = async () =>
      (await ctx().db.select().from(sessions).where(eq(sessions.userId, 'user-1'))).length;

    /** A sign-in whose ID token the provider's token endpoint rewrites. */
    async function signInWithTamperedToken(tamper: IdTokenTamper) {
      provider().tamper = tamper;
      const before = await sessionCount();
      const { response } = await ssoSignInAs(ctx().app, 'alice-sub', TEST_CALLBACK);
      expect(await sessionCount()).toBe(before);
      return response;
    }

    it('accepts the untampered flow (the control for the attacks below)', async () => {
      const { response } = await ssoSignInAs(ctx().app, 'alice-sub', TEST_CALLBACK);
      expect(response.headers.location).toBe('/');
    });

    it('refuses a callback whose state is not the one this browser was given', async () => {
      const browser = newBrowser();
      const callback = await authorizeAt(await startSso(ctx().app, browser), 'alice-sub', TEST_CALLBACK);
      callback.searchParams.set('state', 'forged-state');
      expect((await finishSso(ctx().app, browser, callback)).headers.location).toBe(REFUSED);
    });

    it('refuses a callback in a browser that did not start the sign-in (no state cookie)', async () => {
      const callback = await authorizeAt(await startSso(ctx().app, newBrowser()), 'alice-sub', TEST_CALLBACK);
      expect((await finishSso(ctx().app, newBrowser(), callback)).headers.location).toBe(REFUSED);
    });

    it('refuses a replayed code: same callback again, and the code inside a new sign-in', async () => {
      const browser = newBrowser();
      const callback = await authorizeAt(await startSso(ctx().app, browser), 'alice-sub', TEST_CALLBACK);
      const cookie = browser.appJar.get('rm_oidc') ?? '';
      expect((await finishSso(ctx().app, browser, callback)).headers.location).toBe('/');
      browser.appJar.set('rm_oidc', cookie);
      expect((await finishSso(ctx().app, browser, callback)).headers.location).toBe(REFUSED);
      // A fresh sign-in in flight, fed the used code with its own (valid) state: PKCE and the provider's
      // one-use code refuse it at the token endpoint.
      const fresh = new URL(await startSso(ctx().app, browser));
      callback.searchParams.set('state', fresh.searchParams.get('state') ?? '');
      expect((await finishSso(ctx().app, browser, callback)).headers.location).toBe(REFUSED);
    });

    it('refuses an ID token with another nonce', async () => {
      const response = await signInWithTamperedToken((claims) => ({ claims: { ...claims, nonce: 'other' } }));
      expect(response.headers.location).toBe(REFUSED);
    });

    it('refuses an ID token from another issuer', async () => {
      const response = await signInWithTamperedToken((claims) => ({
        claims: { ...claims, iss: 'https://evil.example' },
      }));
      expect(response.headers.location).toBe(REFUSED);
    });

    it('refuses an ID token for another audience', async () => {
      const response = await signInWithTamperedToken((claims) => ({
        claims: { ...claims, aud: 'another-app' },
      }));
      expect(response.headers.location).toBe(REFUSED);
    });

    it('refuses an expired ID token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const response = await signInWithTamperedToken((claims) => ({
        claims: { ...claims, iat: now - 7200, exp: now - 3600 },
      }));
      expect(response.headers.location).toBe(REFUSED);
    });

    it('refuses an ID token signed with a key the provider never published', async () => {
      const response = await signInWithTamperedToken((claims) => ({ claims, rogueKey: true }));
      expect(response.headers.location).toBe(REFUSED);
    });

    it('lands only on a path of this site', async () => {
      for (const [returnTo, landing] of [
        ['/tenants/tenant-001?tab=users', '/tenants/tenant-001?tab=users'],
        ['https://evil.example/x', '/'],
        ['//evil.example/x', '/'],
        ['/\\evil.example', '/'],
        // Paths that resolve to "//host": a browser reads such a Location as another site.
        ['/.//evil.example', '/'],
        ['/..//evil.example', '/'],
        ['/a/..//evil.example', '/'],
        ['/%2e%2e//evil.example', '/'],
        ['/.%2e//evil.example/x?y=1', '/'],
        ['/a/.\\/evil.example', '/'],
        ['/a/%2E%2E/%2e%2E//evil.example', '/'],
        // ...while a path that resolves to a path of this site stays.
        ['/a/../tenants?x=1', '/tenants?x=1'],
      ]) {
        const browser = newBrowser();
        const callback = await authorizeAt(
          await startSso(ctx().app, browser, returnTo),
          'alice-sub',
          TEST_CALLBACK,
        );
        expect((await finishSso(ctx().app, browser, callback)).headers.location, returnTo).toBe(landing);
      }
    });
  },
  insertFixtures,
  () => ({ signIn: signInDeps(provider()) }),
);

describeApi(
  'single sign-on without a reachable provider',
  (ctx) => {
    it('answers provider_unavailable, and discovers again at the next attempt', async () => {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await ctx().inject({ method: 'GET', url: '/api/auth/oidc/login' });
        expect(response.headers.location).toBe('/login?sso_error=provider_unavailable');
      }
    });
  },
  undefined,
  // Port 9 (discard) on loopback: nothing listens.
  () => ({ signIn: { ...signInDeps({ issuer: 'http://127.0.0.1:9' }) } }),
);

describeApi('single sign-on not configured', (ctx) => {
  it('says so on the sign-in page and at both ends of the flow', async () => {
    expect((await ctx().get('/api/auth/providers')).json()).toEqual({
      sso: null,
      passwordLogin: 'all',
      adminContact: null,
    });
    for (const url of ['/api/auth/oidc/login', '/api/auth/oidc/callback?code=x&state=y']) {
      expect((await ctx().get(url)).headers.location).toBe('/login?sso_error=not_configured');
    }
  });
});
