import type { Env } from '../env';

/** How the mailer works (SMTP_* in env.ts; docs/notifications.md). */
export interface EmailSettings {
  /** The console's address, for the links in messages. */
  publicUrl: string;
  /** The first retry's pause after the SMTP server failed; each next one doubles, up to an hour. */
  retryBaseMs: number;
  /** How long one event is retried before it is given up on (its failures stay in the log). */
  retryForMs: number;
  /** How long a pass holds the mailer's row: another process takes over after it. Tests shorten it. */
  leaseMs: number;
  /** Told of every e-mail attempt (the metric email_sent_total). */
  observe?: (result: 'sent' | 'failed') => void;
}

export const EMAIL_PASS_MS = 1000;
export const DEFAULT_EMAIL_SETTINGS = {
  retryBaseMs: 5000,
  retryForMs: 24 * 3600 * 1000,
  leaseMs: 10 * 60 * 1000,
} as const;

export const emailSettingsOf = (env: Env): EmailSettings => ({
  ...DEFAULT_EMAIL_SETTINGS,
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
});
