import http from 'node:http';
import https from 'node:https';
import { guardedLookup, outboundFailure, outboundTarget } from '../../outbound';
import type { AddressAllowance } from './address-policy';

/** What one GET of a health check URL found. */
export interface ProbeOutcome {
  ok: boolean;
  statusCode: number | null;
  reason: string | null;
  durationMs: number;
}

export interface ProbeOptions {
  timeoutMs: number;
  allowance: AddressAllowance;
}

/** A health answer is a status, not a payload: the body is read up to this and the rest dropped. */
export const PROBE_BODY_LIMIT_BYTES = 64 * 1024;
const USER_AGENT = 'resource-manager-health/1';

/** Why an answer is not healthy (only 2xx is), or null when it is; a redirect is named, never followed. */
function unhealthyReason(status: number, location: string | undefined, url: URL): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) {
    const target = location ?? '';
    const elsewhere = URL.canParse(target, url) && new URL(target, url).host !== url.host;
    const where = elsewhere ? `another host (${new URL(target, url).host})` : 'another path';
    return `Redirect to ${where}: not followed`;
  }
  return `HTTP ${status}`;
}

/**
 * GETs a health check URL once: healthy on 2xx. No redirect is followed, no cookie or credential is sent,
 * the body is read only up to PROBE_BODY_LIMIT_BYTES, and the whole exchange is bounded by the timeout.
 */
export function probeUrl(target: string, { timeoutMs, allowance }: ProbeOptions): Promise<ProbeOutcome> {
  const started = performance.now();
  const done = (ok: boolean, statusCode: number | null, reason: string | null): ProbeOutcome => ({
    ok,
    statusCode,
    reason,
    durationMs: Math.round(performance.now() - started),
  });
  const checked = outboundTarget(target, allowance, 'probed');
  if (typeof checked === 'string') return Promise.resolve(done(false, null, checked));
  const { url, host } = checked;

  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      headers: { 'user-agent': USER_AGENT, accept: '*/*', connection: 'close' },
      lookup: guardedLookup(allowance.hosts.has(host), allowance),
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on('error', (error) => resolve(done(false, null, outboundFailure(error, timeoutMs))));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const finish = () => {
        const reason = unhealthyReason(status, response.headers.location, url);
        resolve(done(reason === null, status, reason));
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough to know the answer: the rest of a large (or endless) body is not read.
        if (read > PROBE_BODY_LIMIT_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', () => finish());
    });
    request.end();
  });
}
