/**
 * Runs the test identity provider of the SSO tests, for trying single sign-on locally and for end-to-end
 * tests (docs/sso.md): `npx tsx scripts/oidc-test-provider.ts`. Configuration by environment:
 *   OIDC_TEST_PORT (default 5070), OIDC_CLIENT_ID (resource-manager), OIDC_CLIENT_SECRET (dev-secret),
 *   OIDC_REDIRECT_URL (http://localhost:5000/api/auth/oidc/callback); OIDC_TEST_ACCOUNTS: a JSON list of
 *   {sub, email, emailVerified, name, groups} replacing the default accounts.
 * Sign in at the provider by picking an account (no password), or go to /interaction/<uid>?user=<sub>.
 */
import { startTestProvider, type TestAccount } from '../src/server/auth/oidc/test-provider';

const DEFAULT_ACCOUNTS: TestAccount[] = [
  { sub: 'admin', email: 'admin@example.com', emailVerified: true, name: 'Ada Admin', groups: ['rm-admins'] },
  { sub: 'dev', email: 'dev@example.com', emailVerified: true, name: 'Dev Eloper', groups: ['developers'] },
  { sub: 'stranger', email: 'stranger@example.com', emailVerified: true, name: 'Stranger', groups: [] },
  {
    sub: 'unverified',
    email: 'unverified@example.com',
    emailVerified: false,
    name: 'Unverified',
    groups: [],
  },
];

function accounts(): TestAccount[] {
  const raw = process.env.OIDC_TEST_ACCOUNTS;
  if (!raw) return DEFAULT_ACCOUNTS;
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) throw new Error('OIDC_TEST_ACCOUNTS must be a JSON list');
  return parsed.map((item: Record<string, unknown>) => ({
    sub: String(item.sub),
    email: String(item.email),
    emailVerified: item.emailVerified !== false,
    name: String(item.name ?? item.email),
    groups: Array.isArray(item.groups) ? item.groups.map(String) : [],
  }));
}

const redirectUrl = process.env.OIDC_REDIRECT_URL ?? 'http://localhost:5000/api/auth/oidc/callback';
const provider = await startTestProvider({
  port: Number(process.env.OIDC_TEST_PORT ?? 5070),
  host: process.env.OIDC_TEST_HOST ?? '127.0.0.1',
  client: {
    clientId: process.env.OIDC_CLIENT_ID ?? 'resource-manager',
    clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'dev-secret',
    redirectUris: [redirectUrl],
    postLogoutRedirectUris: [new URL('/login', redirectUrl).href],
  },
  accounts: accounts(),
});
process.stdout.write(`OIDC test provider: ${provider.issuer} (OIDC_ISSUER=${provider.issuer})\n`);
const stop = () => void provider.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
