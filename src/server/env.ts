import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_TOKEN_MAX_DAYS, DEFAULT_API_TOKEN_RATE_LIMIT } from '../contract/api-tokens';
import { isPasswordStrengthCheckInstalled, weakPasswordReason } from '../contract/password';
import { httpUrl } from '../contract/common';
import { passwordLoginModes, SSO_CALLBACK_PATH } from '../contract/sso';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '../contract/webhooks';
import { loadPasswordStrength } from './auth/password-strength';
import { parseAllowance } from './delivery/probes/address-policy';
import { smtpVariables } from './email/env-variables';
import { trustProxySchema } from './trust-proxy-env';

export type { TrustProxy } from './trust-proxy-env';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number of seconds within bounds. */
/** A whole number of `unit` within a range, read from text. */
const wholeNumber = (unit: string, min: number, max: number) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be between ${min} and ${max} ${unit}`)
    .max(max, `must be between ${min} and ${max} ${unit}`);

const seconds = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(min, `must be between ${min} and ${max} seconds`)
    .max(max, `must be between ${min} and ${max} seconds`);

/** Loopback hosts, the only ones an http (not https) issuer may live on: a provider on the same machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const oidcIssuerSchema = z.url({ message: 'must be a URL' }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}, 'must be an https:// URL (http:// only on localhost)');

const oidcRedirectSchema = z
  .url({ message: 'must be a URL' })
  .refine(
    (value) =>
      /^https?:$/.test(new URL(value).protocol) && new URL(value).pathname.endsWith(SSO_CALLBACK_PATH),
    `must be an http(s) URL ending with ${SSO_CALLBACK_PATH}`,
  );

/** Single sign-on with an OpenID Connect provider (docs/sso.md): all of them or none. */
const oidcVariables = {
  OIDC_ISSUER: oidcIssuerSchema.optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_URL: oidcRedirectSchema.optional(),
  OIDC_SCOPES: z
    .string()
    .trim()
    .regex(/(^|\s)openid(\s|$)/, 'must include openid')
    .default('openid email profile groups'),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(100).default('SSO'),
  OIDC_ADMIN_CONTACT: z.string().trim().min(1).max(300).optional(),
  /** Who may still sign in with a password: everyone, global admins, or only the ADMIN_EMAIL account. */
  PASSWORD_LOGIN: z.enum(passwordLoginModes, { message: 'must be all, admins or off' }).default('all'),
};

const REQUIRED_WITH_OIDC = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_REDIRECT_URL',
] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(5000),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Where the built client is served from (default dist/client of the project). */
  CLIENT_DIR: z.string().min(1).optional(),
  /** Whether the server renders a list screen's first view (docs/architecture.md); `off` leaves it to the browser. */
  SERVER_RENDER: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
  /** Where the renderer of first views is loaded from (default dist/ssr of the project): code the server runs. */
  SERVER_RENDER_DIR: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Seconds to open a connection or wait for a free one before answering 503 (PostgreSQL only). */
  DATABASE_CONNECT_TIMEOUT: seconds(1, 300).default(5),
  /** Seconds a statement may run before the server cancels it (PostgreSQL only). */
  DATABASE_STATEMENT_TIMEOUT: seconds(1, 3600).default(15),
  /** Seconds a transaction may sit idle before the server ends its session (PostgreSQL only). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: seconds(1, 3600).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanString.default(true),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .superRefine((password, ctx) => {
      // The same policy as every password an administrator sets through the API; the caller loads the
      // estimator first when ADMIN_PASSWORD is set (it loads lazily: auth/password-strength.ts).
      if (!isPasswordStrengthCheckInstalled())
        throw new Error('Load the password strength estimator before checking ADMIN_PASSWORD');
      const reason = weakPasswordReason(password);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    })
    .optional(),
  /** A session ends after this many seconds without a request (default 8 h)... */
  SESSION_IDLE_TIMEOUT: z.coerce
    .number()
    .int()
    .min(60)
    .max(31_536_000)
    .default(8 * 3600),
  /** ...and this many seconds after sign-in, whatever happens (default 7 d). */
  SESSION_ABSOLUTE_TIMEOUT: z.coerce
    .number()
    .int()
    .min(60)
    .max(31_536_000)
    .default(7 * 24 * 3600),
  /** Secure cookies: `auto` sets them when the request came over TLS (directly or via X-Forwarded-Proto). */
  COOKIE_SECURE: z
    .enum(['auto', 'true', 'false'], { message: 'must be auto, true or false' })
    .default('auto'),
  TRUST_PROXY: trustProxySchema.default(false),
  /** Seconds to let in-flight requests finish on SIGTERM before closing anyway. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(300).default(10),
  /** The Prometheus metrics listener (docs/metrics.md); unset: no metrics are served. */
  METRICS_PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .optional(),
  /** Where the metrics listener binds: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z
    .string()
    .trim()
    .refine((host) => isIP(host) !== 0 || /^[a-z0-9.-]+$/i.test(host), 'must be an address or a host name')
    .default('127.0.0.1'),
  /** How often each process applies due scheduled change requests (docs/changes.md). */
  CHANGE_SCHEDULER_INTERVAL: seconds(1, 3600).default(5),
  /** How often each process checks the Git links for drift, each link once per interval (docs/config-as-code-git.md). */
  GIT_SYNC_INTERVAL: seconds(5, 86_400).default(60),
  /** Milliseconds between the passes that step, complete or roll back progressive rollouts (docs/rollouts.md). */
  ROLLOUT_INTERVAL: wholeNumber('milliseconds', 100, 60_000).default(1000),
  /** Seconds between two probes of a slot's health check URL, unless the slot sets its own (docs/health-checks.md). */
  HEALTH_CHECK_INTERVAL: seconds(1, 3600).default(15),
  /** Milliseconds a probe may take, connection and answer, before it counts as failed. */
  HEALTH_CHECK_TIMEOUT: wholeNumber('milliseconds', 100, 60_000).default(3000),
  /** Consecutive failed probes that make a slot unhealthy, and passed ones that make it healthy. */
  HEALTH_CHECK_FAILURE_THRESHOLD: wholeNumber('probes', 1, 100).default(3),
  HEALTH_CHECK_SUCCESS_THRESHOLD: wholeNumber('probes', 1, 100).default(1),
  /** Addresses the prober may reach although private or loopback: CIDRs, addresses and host names. */
  HEALTH_CHECK_ALLOW: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const parsed = parseAllowance(text);
      if ('allowance' in parsed) return parsed.allowance;
      ctx.addIssue({
        code: 'custom',
        message: `not a CIDR, address or host name: ${parsed.invalid.join(', ')}`,
      });
      return z.NEVER;
    }),
  /** Milliseconds a webhook receiver has to answer a delivery (docs/webhooks.md). */
  WEBHOOK_TIMEOUT: wholeNumber('milliseconds', 100, 60_000).default(DEFAULT_WEBHOOK_TIMEOUT_MS),
  /** The console's address as its users reach it, for the links in webhook payloads; default http://localhost:PORT. */
  PUBLIC_URL: httpUrl.transform((value) => value.replace(/\/+$/, '')).optional(),
  /** The longest expiry, in days, an API token may be given (docs/automation.md). */
  API_TOKEN_MAX_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be between 1 and 3650 days')
    .max(3650, 'must be between 1 and 3650 days')
    .default(DEFAULT_API_TOKEN_MAX_DAYS),
  /** Requests one API token may send per minute, per server process (429 beyond). */
  API_TOKEN_RATE_LIMIT: z.coerce
    .number({ message: 'must be a number of requests' })
    .int('must be a whole number of requests')
    .min(1, 'must be between 1 and 100000 requests per minute')
    .max(100_000, 'must be between 1 and 100000 requests per minute')
    .default(DEFAULT_API_TOKEN_RATE_LIMIT),
  /** Live event streams (GET /api/events) one process holds open at most; 503 beyond (docs/live-updates.md). */
  LIVE_STREAMS_MAX: z.coerce
    .number({ message: 'must be a number of streams' })
    .int('must be a whole number of streams')
    .min(1, 'must be between 1 and 100000 streams')
    .max(100_000, 'must be between 1 and 100000 streams')
    .default(1000),
  ...oidcVariables,
  ...smtpVariables,
});

/** The OIDC variables come as a set; password sign-in may only be narrowed when SSO is there instead. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  const given = REQUIRED_WITH_OIDC.filter((name) => env[name] !== undefined);
  if (given.length > 0) {
    for (const name of REQUIRED_WITH_OIDC.filter((name) => env[name] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `must be set with ${given.join(', ')}` });
    }
  } else if (env.PASSWORD_LOGIN !== 'all') {
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_LOGIN'],
      message: 'must be all unless single sign-on is configured (OIDC_ISSUER and the rest)',
    });
  }
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

/** Variables whose value an error message must not repeat. */
const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'OIDC_CLIENT_SECRET', 'SMTP_URL']);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once at start-up; lists every bad variable with the reason. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = checkedEnvSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // A refused password is still someone's password: never echoed to the console or the logs.
        const shown = SECRET_VARIABLES.has(name) ? '(hidden)' : JSON.stringify(source[name] ?? '');
        return `${name}=${shown}: ${issue.message}`;
      }),
    );
  }
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}

/**
 * parseEnv for an entry point: loads the password strength estimator first when ADMIN_PASSWORD is set (it
 * is held to the password policy, and the estimator otherwise loads on first use).
 */
export async function readEnv(source: NodeJS.ProcessEnv = process.env): Promise<Env> {
  if (source.ADMIN_PASSWORD) await loadPasswordStrength();
  return parseEnv(source);
}
