import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { refusalOf, type AddressAllowance } from './delivery/probes/address-policy';
import { propertyOf } from './unknown';

/*
 * Calls the server makes to URLs an administrator typed (health probes, webhooks): only to addresses the
 * address policy allows (docs/health-checks.md), judged on the address actually connected to.
 */

class Refused extends Error {}

/**
 * Resolves the host as the connection will, and refuses when any address it resolves to is refused: the
 * check is on the address connected to, so a name that resolves (or re-resolves) to a private address
 * cannot slip past (no DNS rebinding). A host name the operator allowed is taken as it resolves.
 */
export function guardedLookup(hostAllowed: boolean, allowance: AddressAllowance): LookupFunction {
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

/** Why a connection failed, in the words an administrator reads (a slot card, a delivery log). */
export function outboundFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Refused) return error.message;
  const code = propertyOf(error, 'code');
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR') return `Timed out after ${timeoutMs} ms`;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
  if (code === 'ECONNRESET') return 'Connection reset';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The URL to call and its host, or why it is not called (not http(s), credentials, a refused address),
 * in words with `verb` ("probed", "sent to").
 */
export function outboundTarget(
  target: string,
  allowance: AddressAllowance,
  verb: string,
): { url: URL; host: string } | string {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'Not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Only http and https URLs are ${verb}`;
  if (url.username || url.password) return `URLs with credentials are not ${verb}`;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  // An address written in the URL is connected to without a lookup: judged here instead.
  const literalRefusal = isIP(host) !== 0 ? refusalOf(host, allowance) : null;
  return literalRefusal ?? { url, host };
}
