import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The test SMTP server the e2e app sends its e-mail to: scripts/smtp-test-server.ts, which
 * playwright.config.ts starts before the app. It listens beside the app: SMTP on the app's port + 2000,
 * what it received over HTTP on the app's port + 3000, both on loopback.
 */
export const smtpPort = (appPort: number) => appPort + 2000;
export const smtpHttpPort = (appPort: number) => appPort + 3000;
export const smtpMailsUrl = (appPort: number) => `http://127.0.0.1:${smtpHttpPort(appPort)}/mails`;

export const SMTP_FROM = 'Resource Manager <rm-e2e@example.com>';

/** The test server's variables. */
export function smtpServerEnv(appPort: number): Record<string, string> {
  return { SMTP_TEST_PORT: String(smtpPort(appPort)), SMTP_TEST_HTTP_PORT: String(smtpHttpPort(appPort)) };
}

/** The app's SMTP_* variables: any user and password are taken. */
export function appSmtpEnv(appPort: number): Record<string, string> {
  return { SMTP_URL: `smtp://e2e:e2e-secret@127.0.0.1:${smtpPort(appPort)}`, SMTP_FROM };
}

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/** Waits until `address` received a mail whose subject contains `subject`, and answers it. */
export async function mailTo(
  request: APIRequestContext,
  appPort: number,
  address: string,
  subject: string,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${smtpMailsUrl(appPort)}?to=${encodeURIComponent(address)}`);
        const mails = (await res.json()) as ReceivedMail[];
        found = mails.find((mail) => mail.subject.includes(subject));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail to ${address} about ${subject}`);
  return found;
}
