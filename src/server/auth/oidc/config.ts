import type { SsoErrorCode } from '../../../contract/sso';
import type { Env } from '../../env';
import type { PasswordLoginPolicy } from '../password-login';
import { DEFAULT_ADMIN_EMAIL } from '../service';

/** The relying party's side of single sign-on, from the OIDC_* variables (docs/sso.md). */
export interface OidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Ends with /api/auth/oidc/callback; registered at the provider. */
  redirectUrl: URL;
  /** Space-separated, openid included. */
  scopes: string;
  /** The sign-in button's label. */
  displayName: string;
}

/** How people may sign in: with SSO (when configured) and with a password. */
export interface SignInOptions {
  oidc?: OidcConfig;
  passwordLogin: PasswordLoginPolicy;
  /** Shown to users the sign-in refuses (OIDC_ADMIN_CONTACT). */
  adminContact: string | null;
}

export const DEFAULT_SIGN_IN_OPTIONS: SignInOptions = {
  passwordLogin: { mode: 'all', breakGlassEmail: DEFAULT_ADMIN_EMAIL },
  adminContact: null,
};

/** The validated environment as sign-in options; env.ts already refused an incomplete OIDC set. */
export function signInOptionsOf(env: Env): SignInOptions {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URL } = env;
  const oidc =
    OIDC_ISSUER && OIDC_CLIENT_ID && OIDC_CLIENT_SECRET && OIDC_REDIRECT_URL
      ? {
          issuer: new URL(OIDC_ISSUER),
          clientId: OIDC_CLIENT_ID,
          clientSecret: OIDC_CLIENT_SECRET,
          redirectUrl: new URL(OIDC_REDIRECT_URL),
          scopes: env.OIDC_SCOPES,
          displayName: env.OIDC_DISPLAY_NAME,
        }
      : undefined;
  return {
    oidc,
    passwordLogin: {
      mode: env.PASSWORD_LOGIN,
      breakGlassEmail: (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase(),
    },
    adminContact: env.OIDC_ADMIN_CONTACT ?? null,
  };
}

/** A single sign-on that cannot finish: the code the sign-in page explains; the message goes to the log. */
export class SsoFailure extends Error {
  /** The e-mail (or subject) the provider named, when known: the audit event's actor. */
  readonly who?: string;

  constructor(
    readonly code: SsoErrorCode,
    message: string,
    options?: { cause?: unknown; who?: string },
  ) {
    super(message, options);
    this.who = options?.who;
    this.name = 'SsoFailure';
  }
}
