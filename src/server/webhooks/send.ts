import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_BODY_LIMIT } from '../../contract/webhooks';
import type { AddressAllowance } from '../delivery/probes/address-policy';
import { guardedLookup, outboundFailure, outboundTarget } from '../outbound';

/** What one POST to a receiver found: delivered on 2xx only. */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The start of the answer (WEBHOOK_RESPONSE_BODY_LIMIT bytes), for the delivery log. */
  responseBody: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  allowance: AddressAllowance;
}

const USER_AGENT = 'resource-manager-webhooks/1';

/** Why an answer does not count as delivered; a redirect is named, never followed. */
function failureOf(status: number, location: string | undefined): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Redirect to ${location ?? 'another address'}: not followed`;
  return `HTTP ${status}`;
}

/**
 * POSTs one signed body to a receiver. The address is checked as it is connected to (no private or
 * loopback target unless WEBHOOK_ALLOW opens it), no redirect is followed, no cookie is sent, only the
 * start of the answer is read, and the whole exchange is bounded by the timeout.
 */
export function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, allowance }: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null, responseBody: string | null) => ({
    ok: error === null,
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
    responseBody,
  });
  const checked = outboundTarget(target, allowance, 'sent to');
  if (typeof checked === 'string') return Promise.resolve(done(null, checked, null));
  const { url, host } = checked;

  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json', // unless the headers say otherwise (an audit stream's)
        ...headers,
        'user-agent': USER_AGENT,
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      },
      lookup: guardedLookup(allowance.hosts.has(host), allowance),
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on('error', (error) => resolve(done(null, outboundFailure(error, timeoutMs), null)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        const text = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_BODY_LIMIT).toString('utf8');
        resolve(done(status, failureOf(status, response.headers.location), text.length > 0 ? text : null));
      };
      response.on('data', (chunk: Buffer) => {
        if (read < WEBHOOK_RESPONSE_BODY_LIMIT) chunks.push(chunk);
        read += chunk.length;
        // The log keeps only the start: the rest of a large (or endless) answer is not read.
        if (read > WEBHOOK_RESPONSE_BODY_LIMIT) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });
}
