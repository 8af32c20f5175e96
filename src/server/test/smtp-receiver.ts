import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail as a real SMTP server received it, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface SmtpReceiver {
  port: number;
  /** smtp://user:secret@127.0.0.1:port: any user and password are taken. */
  url: string;
  mails(): ReceivedMail[];
  /** The mails one address received. */
  to(address: string): ReceivedMail[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives (for the e-mail tests and the e2e's test
 * server): no TLS, any credentials. `port` 0 picks a free one; a given port lets a test bring a server
 * "back up" where the app expects it.
 */
export async function startSmtpReceiver(port = 0, host = '127.0.0.1'): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anyone' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return {
    port: bound,
    url: `smtp://user:secret@${host}:${bound}`,
    mails: () => [...received],
    to: (wanted) => received.filter((mail) => mail.to.includes(wanted.toLowerCase())),
    reset: () => {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
