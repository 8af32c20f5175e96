import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: its headers and the body exactly as sent. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A real HTTP receiver for the webhook tests: records every POST and answers the status it is set to
 * (a function of the request count, so a test can fail the first n and then recover).
 */
export interface WebhookReceiver {
  url: (path?: string) => string;
  received: () => Received[];
  /** The bodies answered 2xx, parsed, in arrival order. */
  accepted: () => unknown[];
  answer: (status: (count: number) => number) => void;
  /** Forgets what arrived so far (the count of `answer` starts again too). */
  reset: () => void;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const got: Received[] = [];
  let statusOf = (_count: number) => 204;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = statusOf(got.length + 1);
      got.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received: () => [...got],
    accepted: () => got.filter((r) => r.status < 300).map((r) => JSON.parse(r.body) as unknown),
    answer: (next) => {
      statusOf = next;
    },
    reset: () => {
      got.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Verifies a delivery as the Standard Webhooks specification describes it, written here from the
 * specification (not with the library that signs): the key is the base64 after `whsec_`, the signed
 * content `id.timestamp.body`, each signature `v1,` + base64(HMAC-SHA256); any listed one may match.
 */
export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || value === undefined) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
