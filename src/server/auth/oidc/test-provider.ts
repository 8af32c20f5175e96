/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, for tests and local trials: test
 * accounts with groups, and a login page that needs no password (`/interaction/<uid>?user=<sub>`, or a
 * list of accounts to click). `tamper` rewrites the next ID tokens the token endpoint answers, re-signed
 * with the provider's key (or a rogue one), so tests can check the relying party refuses forged tokens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  groups: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

/** Rewrites an ID token's claims; `rogueKey` signs it with a key the provider never published. */
export type IdTokenTamper = (claims: JWTPayload) => { claims: JWTPayload; rogueKey?: boolean };

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** Applied to every ID token until set back to undefined. */
  tamper: IdTokenTamper | undefined;
  close(): Promise<void>;
}

const KID = 'test-key';

async function signingKeys() {
  const [real, rogue] = await Promise.all([
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('RS256', { extractable: true }),
  ]);
  const jwk = { ...(await exportJWK(real.privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  return { jwk, real: real.privateKey, rogue: rogue.privateKey };
}

function providerConfiguration(accounts: Map<string, TestAccount>, client: TestClient, jwk: object) {
  return {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    // Claims in the ID token itself, as Keycloak, Okta and Entra send groups when configured to.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString();
}

function accountList(uid: string, accounts: Map<string, TestAccount>): string {
  const items = [...accounts.values()]
    .map(
      (a) =>
        `<li><a href="/interaction/${uid}?user=${encodeURIComponent(a.sub)}">${a.name} (${a.email})</a></li>`,
    )
    .join('');
  return `<!doctype html><title>Test provider</title><h1>Sign in as</h1><ul>${items}</ul>`;
}

/** The provider's login and consent pages: log in as `?user=<sub>` (or pick one), consent at once. */
async function interaction(
  provider: Provider,
  accounts: Map<string, TestAccount>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    const user = url.searchParams.get('user');
    if (!user || !accounts.has(user)) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(accountList(details.uid, accounts));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  // Consent: granted at once, for every scope asked.
  const accountId = details.session?.accountId ?? '';
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

export async function startTestProvider(options: {
  port?: number;
  host?: string;
  client: TestClient;
  accounts: TestAccount[];
}): Promise<TestProvider> {
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const keys = await signingKeys();
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const address = server.address();
  const issuer = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
  const provider = new Provider(issuer, providerConfiguration(accounts, options.client, keys.jwk));
  const handle = provider.callback();
  const testProvider: TestProvider = {
    issuer,
    accounts,
    tamper: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** Lets the provider answer the token request, then rewrites the ID token in its answer. */
  async function tamperedToken(req: IncomingMessage, res: ServerResponse, tamper: IdTokenTamper) {
    const answer = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': req.headers['content-type'] ?? '',
        authorization: req.headers.authorization ?? '',
        'x-test-passthrough': '1',
      },
      body: await readBody(req),
    });
    const body: Record<string, unknown> = await answer.json();
    if (answer.ok && typeof body.id_token === 'string') {
      const { claims, rogueKey } = tamper(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: KID })
        .sign(rogueKey ? keys.rogue : keys.real);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const fail = (error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    };
    if (url.pathname.startsWith('/interaction/')) {
      interaction(provider, accounts, req, res, url).catch(fail);
    } else if (url.pathname === '/token' && testProvider.tamper && !req.headers['x-test-passthrough']) {
      tamperedToken(req, res, testProvider.tamper).catch(fail);
    } else {
      handle(req, res);
    }
  });
  return testProvider;
}
