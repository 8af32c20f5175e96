/**
 * Starts the e2e OpenID provider (the server's test provider, src/server/auth/oidc/test-provider.ts) on
 * the port playwright.config.ts gives it, until the run ends. Run with tsx.
 */
import { startTestProvider } from '../../src/server/auth/oidc/test-provider';
import { providerPort, SSO_ACCOUNTS, SSO_CLIENT } from './test-provider';

const appPort = Number(process.env.E2E_APP_PORT);
if (!Number.isInteger(appPort)) throw new Error('E2E_APP_PORT must be the app port');

const provider = await startTestProvider({
  port: providerPort(appPort),
  host: '127.0.0.1',
  client: {
    ...SSO_CLIENT,
    redirectUris: [`http://localhost:${appPort}/api/auth/oidc/callback`],
    postLogoutRedirectUris: [`http://localhost:${appPort}/login`],
  },
  accounts: SSO_ACCOUNTS.map((account) => ({ ...account, groups: [...account.groups] })),
});
console.log(`e2e OpenID provider at ${provider.issuer}`);

const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
