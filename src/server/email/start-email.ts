import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { PeriodicTask } from '../periodic';
import { EMAIL_PASS_MS, emailSettingsOf, type EmailSettings } from './settings';
import { smtpMailer } from './transport';
import { startEmailDelivery } from './worker';

/** email_sent_total{result="sent"|"failed"} on the app's registry (docs/metrics.md). */
export function emailMetric(registry: Registry): NonNullable<EmailSettings['observe']> {
  const counter = new Counter({
    name: 'email_sent_total',
    help: 'E-mail notifications this process tried to send, by result (sent: the SMTP server took it)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  return (result) => counter.inc({ result });
}

/**
 * Starts the mailer's passes when SMTP_URL is set; without it e-mail is off, and the log says so once.
 * Answers the timers to stop at shutdown.
 */
export async function startEmailIfConfigured(
  db: Database,
  env: Env,
  app: { log: FastifyBaseLogger; registry: Registry; onError: (error: unknown) => void },
): Promise<PeriodicTask[]> {
  if (!env.SMTP_URL) {
    app.log.info('e-mail notifications are off: SMTP_URL is not set (docs/notifications.md)');
    return [];
  }
  const settings = { ...emailSettingsOf(env), observe: emailMetric(app.registry) };
  const task = await startEmailDelivery(db, smtpMailer(env.SMTP_URL, env.SMTP_FROM), settings, {
    intervalMs: EMAIL_PASS_MS,
    onError: app.onError,
  });
  return [task];
}
