import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { propertyOf } from '../../unknown';
import { refusalOf, type AddressAllowance } from './address-policy';

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

class Refused extends Error {}

/**
 * Resolves the host as the connection will, and refuses when any address it resolves to is refused: the
 * check is on the address connected to, so a name that resolves (or re-resolves) to a private address
 * cannot slip past (no DNS rebinding). A host name the operator allowed is taken as it resolves.
 */
function guardedLookup(hostAllowed: boolean, allowance: AddressAllowance): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refusal = hostAllowed
        ? null
        : addresses.map((a) => refusalOf(a.address, allowance)).find((r) => r !== null);
      if (refusal) return callback(new Refused(refusal), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/** Why a connection failed, in the words an administrator reads on the slot card. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Refused) return error.message;
  const code = propertyOf(error, 'code');
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR') return `Timed out after ${timeoutMs} ms`;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
  if (code === 'ECONNRESET') return 'Connection reset';
  return error instanceof Error ? error.message : String(error);
}

/** The URL to probe and its host, or why it is not probed (not http(s), credentials, a refused address). */
function probeTarget(target: string, allowance: AddressAllowance): { url: URL; host: string } | string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'Not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https URLs are probed';
  if (url.username || url.password) return 'URLs with credentials are not probed';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  // An address written in the URL is connected to without a lookup: judged here instead.
  const literalRefusal = isIP(host) !== 0 ? refusalOf(host, allowance) : null;
  return literalRefusal ?? { url, host };
}

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
  const checked = probeTarget(target, allowance);
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
    request.on('error', (error) => resolve(done(false, null, reasonOf(error, timeoutMs))));
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
