/**
 * The OpenID provider the e2e server signs in with: scripts/oidc-test-provider.ts, which
 * playwright.config.ts starts before the app, passing the app its OIDC_* variables. Who its accounts are
 * and which groups they carry; shared by the config and e2e/auth/sso.spec.ts.
 */
export const SSO_DISPLAY_NAME = 'Test IdP';

export const SSO_CLIENT = { clientId: 'resource-manager-e2e', clientSecret: 'e2e-client-secret' };

/** Groups the spec maps to roles (through PUT /api/settings/sso). */
export const SSO_GROUPS = { admins: 'rm-platform-admins', developers: 'rm-acme-developers' };

export const SSO_ACCOUNTS = [
  {
    sub: 'sso-ada',
    email: 'ada.sso@example.com',
    emailVerified: true,
    name: 'Ada SSO',
    groups: [SSO_GROUPS.admins, 'everyone'],
  },
  {
    sub: 'sso-bob',
    email: 'bob.sso@example.com',
    emailVerified: true,
    name: 'Bob SSO',
    groups: [SSO_GROUPS.developers, 'everyone'],
  },
  {
    // In no group the rules name, and no account in the console: refused unless JIT provisioning is on.
    sub: 'sso-carol',
    email: 'carol.sso@example.com',
    emailVerified: true,
    name: 'Carol SSO',
    groups: ['everyone'],
  },
] as const;

/** The provider listens next to the app: the app's port + 1000, on loopback (http is allowed there). */
export const providerPort = (appPort: number) => appPort + 1000;
export const providerIssuer = (appPort: number) => `http://127.0.0.1:${providerPort(appPort)}`;

const redirectUrl = (appPort: number) => `http://localhost:${appPort}/api/auth/oidc/callback`;

/** The provider script's variables: its port, the app as its one client, and these accounts. */
export function providerEnv(appPort: number): Record<string, string> {
  return {
    OIDC_TEST_PORT: String(providerPort(appPort)),
    OIDC_TEST_HOST: '127.0.0.1',
    OIDC_CLIENT_ID: SSO_CLIENT.clientId,
    OIDC_CLIENT_SECRET: SSO_CLIENT.clientSecret,
    OIDC_REDIRECT_URL: redirectUrl(appPort),
    OIDC_TEST_ACCOUNTS: JSON.stringify(SSO_ACCOUNTS),
  };
}

/** The app's OIDC_* variables for an e2e server on `appPort`. */
export function appOidcEnv(appPort: number): Record<string, string> {
  return {
    OIDC_ISSUER: providerIssuer(appPort),
    OIDC_CLIENT_ID: SSO_CLIENT.clientId,
    OIDC_CLIENT_SECRET: SSO_CLIENT.clientSecret,
    OIDC_REDIRECT_URL: redirectUrl(appPort),
    OIDC_DISPLAY_NAME: SSO_DISPLAY_NAME,
    OIDC_ADMIN_CONTACT: 'platform-team@example.com',
    // Every other spec signs in with a password, as the first administrator or a demo user.
    PASSWORD_LOGIN: 'all',
  };
}
