import { resolve } from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number of seconds within bounds. */
const seconds = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(min, `must be between ${min} and ${max} seconds`)
    .max(max, `must be between ${min} and ${max} seconds`);

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
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
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
  /** Seconds to let in-flight requests finish on SIGTERM before closing anyway. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(300).default(10),
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

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
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}
