import http from 'node:http';
import https from 'node:https';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import type { AddressAllowance } from '../delivery/probes/address-policy';
import { guardedLookup, outboundTarget } from '../outbound';

/*
 * isomorphic-git's HTTP transport, written on node:http so that every call to a repository goes through
 * the address guard the webhooks and health probes use (no private or loopback address unless
 * HEALTH_CHECK_ALLOW opens it, judged on the address connected to), follows no redirect, and is bounded
 * in time and size.
 */

export interface GitHttpOptions {
  allowance: AddressAllowance;
  /** Each HTTP exchange, connection to last byte. */
  timeoutMs: number;
  /** The most one answer may hold (a pack): past it the exchange fails. */
  maxBytes: number;
}

/** Why a call was not made: carried to the link's last error as is. */
export class GitTransportRefused extends Error {}

async function collect(body: AsyncIterableIterator<Uint8Array> | undefined): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

/** The answer's body as isomorphic-git reads it, cut off with an error past the size bound. */
async function* bounded(response: http.IncomingMessage, maxBytes: number): AsyncIterableIterator<Uint8Array> {
  let read = 0;
  for await (const chunk of response) {
    const bytes = chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk));
    read += bytes.length;
    if (read > maxBytes) {
      response.destroy();
      throw new GitTransportRefused(`The repository sent more than ${maxBytes} bytes`);
    }
    yield bytes;
  }
}

function headersOf(response: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export function guardedGitHttp(options: GitHttpOptions): HttpClient {
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const checked = outboundTarget(request.url, options.allowance, 'fetched');
      if (typeof checked === 'string') throw new GitTransportRefused(checked);
      const { url, host } = checked;
      const body = await collect(request.body);
      const client = url.protocol === 'https:' ? https : http;
      return new Promise((resolve, reject) => {
        const outgoing = client.request(url, {
          method: request.method ?? 'GET',
          agent: false,
          headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          lookup: guardedLookup(options.allowance.hosts.has(host), options.allowance),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        outgoing.on('error', reject);
        outgoing.on('response', (response) => {
          const statusCode = response.statusCode ?? 0;
          // A redirect is an answer like any other: isomorphic-git reports it, nothing follows it.
          response.on('error', () => undefined);
          resolve({
            url: request.url,
            method: request.method ?? 'GET',
            statusCode,
            statusMessage: response.statusMessage ?? '',
            headers: headersOf(response),
            body: bounded(response, options.maxBytes),
          });
        });
        outgoing.end(body);
      });
    },
  };
}
