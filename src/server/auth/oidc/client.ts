import { randomBytes } from 'node:crypto';
import type * as Oidc from 'openid-client';
import { loadOnFirstUse } from '../../load-on-first-use';
import { SsoFailure, type OidcConfig } from './config';

/** openid-client loads at the first single sign-on, not at start-up: most servers never use it. */
const openidClient = loadOnFirstUse(() => import('openid-client'));

/** What the callback keeps of a verified authorization response. */
export interface VerifiedSignIn {
  claims: Oidc.IDToken;
  /** The raw ID token: the id_token_hint of the provider's end-session URL at sign-out. */
  idToken: string;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** 32 random bytes, base64url: what openid-client's randomState, randomNonce and randomPKCECodeVerifier give. */
const randomValue = () => randomBytes(32).toString('base64url');

/** Fresh random state, nonce and PKCE verifier for one sign-in. */
export const newAuthorizationChecks = (): AuthorizationChecks => ({
  state: randomValue(),
  nonce: randomValue(),
  codeVerifier: randomValue(),
});

/** Seconds each request to the provider may take before the sign-in answers provider_unavailable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Token-endpoint and network failures that mean "the provider is down", not "the response is forged". */
const UNAVAILABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM']);

/** Which sso_error a failed exchange is: an unreachable provider, or a response that does not verify. */
function classify(oidc: typeof Oidc, error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const unavailable =
    error instanceof TypeError ||
    (error instanceof oidc.ClientError && error.code !== undefined && UNAVAILABLE_CODES.has(error.code));
  const message = error instanceof Error ? error.message : String(error);
  return new SsoFailure(unavailable ? 'provider_unavailable' : 'invalid_response', message, { cause: error });
}

/** Reads the provider's discovery document; the configuration verifies signatures, times out requests. */
async function discover(config: OidcConfig): Promise<Oidc.Configuration> {
  const oidc = await openidClient();
  const insecure = config.issuer.protocol === 'http:';
  const configuration = await oidc.discovery(
    config.issuer,
    config.clientId,
    { client_secret: config.clientSecret },
    oidc.ClientSecretBasic(config.clientSecret),
    {
      // Beyond TLS, which the spec accepts as proof of the issuer, check the ID token's signature
      // against the provider's published keys too: a token the provider did not sign is refused.
      execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    },
  );
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  return configuration;
}

/** The discovered configuration, discovered at the first call and again after a failure. */
function discoverOnce(config: OidcConfig): () => Promise<Oidc.Configuration> {
  let discovered: Promise<Oidc.Configuration> | undefined;
  return () => {
    discovered ??= discover(config).catch((error: unknown) => {
      discovered = undefined;
      const message = error instanceof Error ? error.message : String(error);
      throw new SsoFailure('provider_unavailable', `discovery failed: ${message}`, { cause: error });
    });
    return discovered;
  };
}

/** Verifies the callback's query and exchanges its code for the ID token; throws SsoFailure. */
async function exchangeCode(
  configuration: Oidc.Configuration,
  config: OidcConfig,
  query: URLSearchParams,
  checks: AuthorizationChecks,
): Promise<VerifiedSignIn> {
  const oidc = await openidClient();
  // The redirect URL as registered, not as this request's Host header says: it is sent back verbatim.
  const currentUrl = new URL(config.redirectUrl);
  currentUrl.search = query.toString();
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new SsoFailure('invalid_response', 'no ID token');
    return { claims, idToken: tokens.id_token };
  } catch (error) {
    throw classify(oidc, error);
  }
}

/**
 * The relying party: discovers the provider lazily at the first sign-in (start-up never waits for it),
 * keeps the discovered configuration, and discovers again after a failure. openid-client does every
 * check: state, PKCE, nonce, signature against the provider's JWKS, issuer, audience, expiry.
 */
export function createOidcClient(config: OidcConfig) {
  const configuration = discoverOnce(config);

  return {
    /** The provider's authorization URL: code flow with PKCE (S256), state and nonce. */
    async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
      const oidc = await openidClient();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(checks.codeVerifier);
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: config.redirectUrl.href,
        scope: config.scopes,
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
    },

    /** Verifies the callback's query and exchanges its code; throws SsoFailure. */
    async verify(query: URLSearchParams, checks: AuthorizationChecks): Promise<VerifiedSignIn> {
      return exchangeCode(await configuration(), config, query, checks);
    },

    /**
     * The provider's end-session URL for this ID token, coming back to the sign-in page (register it as a
     * post-logout redirect URI); null when the provider advertises none or cannot be reached.
     */
    async endSessionUrl(idToken: string): Promise<string | null> {
      const configuration_ = await configuration().catch(() => undefined);
      if (!configuration_?.serverMetadata().end_session_endpoint) return null;
      const oidc = await openidClient();
      return oidc
        .buildEndSessionUrl(configuration_, {
          id_token_hint: idToken,
          post_logout_redirect_uri: new URL('/login', config.redirectUrl).href,
        })
        .toString();
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
