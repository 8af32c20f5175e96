/** Drives a browser's single sign-on through the app (injected) and the test provider (over HTTP), for tests. */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../app';
import type { PasswordLoginPolicy } from '../password-login';
import type { SignInOptions } from './config';
import { LOGIN_STATE_COOKIE } from './login-state';
import { startTestProvider, type TestAccount, type TestProvider } from './test-provider';

/** name=value pairs from Set-Cookie headers; a cleared cookie (empty value) is dropped. */
function updateJar(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const header of setCookies) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '' || /max-age=0/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

const setCookiesOf = (response: LightMyRequestResponse): string[] => {
  const raw = response.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
};

export interface SsoBrowser {
  /** The app's cookies (session, sign-in in flight). */
  appJar: Map<string, string>;
}

/** GET /api/auth/oidc/login as a browser: the provider URL it redirects to, and the state cookie kept. */
export async function startSso(app: App, browser: SsoBrowser, returnTo?: string): Promise<string> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const response = await app.inject({
    method: 'GET',
    url: `/api/auth/oidc/login${query}`,
    headers: { cookie: cookieHeader(browser.appJar) },
  });
  updateJar(browser.appJar, setCookiesOf(response));
  if (response.statusCode !== 302 || !response.headers.location) {
    throw new Error(`login answered ${response.statusCode}`);
  }
  return String(response.headers.location);
}

/** Follows the provider's redirects, signing in as `user`, up to the redirect back to `callbackPrefix`. */
export async function authorizeAt(
  authorizationUrl: string,
  user: string,
  callbackPrefix: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.pathname.startsWith('/interaction/')) url.searchParams.set('user', user);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
    updateJar(jar, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
    url = new URL(location, url);
    if (url.href.startsWith(callbackPrefix)) return url;
  }
  throw new Error('too many redirects at the provider');
}

/** GET the callback as the browser (with its state cookie): the redirect the app answers. */
export async function finishSso(
  app: App,
  browser: SsoBrowser,
  callback: URL,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(browser.appJar) },
  });
  updateJar(browser.appJar, setCookiesOf(response));
  return response;
}

/** The whole sign-in of `user`: login, the provider, the callback. */
export async function ssoSignInAs(
  app: App,
  user: string,
  callbackPrefix: string,
  browser: SsoBrowser = { appJar: new Map() },
) {
  const authorizationUrl = await startSso(app, browser);
  const callback = await authorizeAt(authorizationUrl, user, callbackPrefix);
  const response = await finishSso(app, browser, callback);
  return { response, browser, callback };
}

export { LOGIN_STATE_COOKIE };

/** The app's base URL in tests: the callback the provider redirects to (never fetched: the app is injected). */
export const TEST_APP_URL = 'http://rm.test';
export const TEST_CALLBACK = `${TEST_APP_URL}/api/auth/oidc/callback`;
export const TEST_CLIENT = { clientId: 'resource-manager', clientSecret: 'test-client-secret-0123456789' };

/**
 * Starts a test provider around the suite (beforeAll/afterAll) and answers the app options that sign in
 * with it: pass `signInDeps(provider)` as describeApi's deps.
 */
export function useTestProvider(accounts: TestAccount[]): () => TestProvider {
  let provider: TestProvider | undefined;
  beforeAll(async () => {
    provider = await startTestProvider({
      client: {
        ...TEST_CLIENT,
        redirectUris: [TEST_CALLBACK],
        postLogoutRedirectUris: [`${TEST_APP_URL}/login`],
      },
      accounts,
    });
  });
  afterAll(async () => provider?.close());
  return () => {
    if (!provider) throw new Error('test provider used before beforeAll');
    return provider;
  };
}

export function signInDeps(
  provider: Pick<TestProvider, 'issuer'>,
  passwordLogin: PasswordLoginPolicy['mode'] = 'all',
): SignInOptions {
  return {
    oidc: {
      issuer: new URL(provider.issuer),
      ...TEST_CLIENT,
      redirectUrl: new URL(TEST_CALLBACK),
      scopes: 'openid email profile groups',
      displayName: 'Test SSO',
    },
    passwordLogin: { mode: passwordLogin, breakGlassEmail: 'break-glass@example.com' },
    adminContact: 'it-help@example.com',
  };
}
