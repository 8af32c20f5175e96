import { isIP } from 'node:net';
import { z } from 'zod';

/*
 * TRUST_PROXY, read by env.ts: whose X-Forwarded-* headers the server believes.
 */

/** What Fastify's `trustProxy` accepts, short of a function. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default: X-Forwarded-* are ignored), `true` (believe any proxy: only when
 * nothing but the proxy can reach the server), a hop count, or a comma list of proxy addresses/CIDRs.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count, or a comma list of addresses/CIDRs${
          bad.length > 0 ? ` (not an address: ${bad.join(', ')})` : ''
        }`,
      });
      return z.NEVER;
    }
    return entries;
  });
