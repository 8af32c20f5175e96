import nodemailer from 'nodemailer';

/** One e-mail to one person. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * How a send went. `permanent`: the server refused this message for good (a 5xx answer, e.g. an unknown
 * mailbox), so retrying it is useless; anything else (no connection, a 4xx) is worth retrying.
 */
export interface SendOutcome {
  ok: boolean;
  error: string | null;
  permanent: boolean;
}

export interface Mailer {
  send(mail: Mail): Promise<SendOutcome>;
  close(): void;
}

const CONNECT_MS = 10_000;
const SOCKET_MS = 30_000;

function responseCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return undefined;
  return typeof error.responseCode === 'number' ? error.responseCode : undefined;
}

/** Sends over SMTP to the server SMTP_URL names (smtp:// with STARTTLS when offered, or smtps://). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: CONNECT_MS,
    greetingTimeout: CONNECT_MS,
    socketTimeout: SOCKET_MS,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        return { ok: true, error: null, permanent: false };
      } catch (error) {
        const code = responseCodeOf(error);
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, error: message.slice(0, 500), permanent: code !== undefined && code >= 500 };
      }
    },
    close: () => transport.close(),
  };
}
