import { z } from 'zod';

const SMTP_PROTOCOLS = new Set(['smtp:', 'smtps:']);

function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return SMTP_PROTOCOLS.has(url.protocol) && url.hostname !== '';
}

/** An address alone, or `Name <address>`. */
const SENDER = /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

/** The mailer's variables (docs/notifications.md, "SMTP"): no SMTP_URL, no e-mail. */
export const smtpVariables = {
  /** The SMTP server, with its credentials: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://. */
  SMTP_URL: z
    .string()
    .trim()
    .refine(
      isSmtpUrl,
      'must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.com:587',
    )
    .optional(),
  /** Who e-mail comes from: an address, or `Name <address>`. */
  SMTP_FROM: z
    .string()
    .trim()
    .regex(SENDER, 'must be an e-mail address or Name <address>')
    .default('Resource Manager <no-reply@localhost>'),
};
