import { BlockList, isIP } from 'node:net';

/*
 * Which addresses the health prober may connect to (docs/health-checks.md). A health check URL is typed by
 * an administrator, so without a rule the server would be a proxy into its own network: loopback, the
 * cloud metadata address, private ranges. Those are refused unless HEALTH_CHECK_ALLOW opens them. The
 * check runs on the address actually connected to, after DNS resolution (http-probe.ts).
 */

/** Ranges refused by default, with the words a refusal uses. */
const REFUSED_RANGES: { family: 'ipv4' | 'ipv6'; network: string; prefix: number; what: string }[] = [
  { family: 'ipv4', network: '0.0.0.0', prefix: 8, what: 'an unspecified address' },
  { family: 'ipv4', network: '10.0.0.0', prefix: 8, what: 'a private address' },
  { family: 'ipv4', network: '100.64.0.0', prefix: 10, what: 'a shared (carrier-grade NAT) address' },
  { family: 'ipv4', network: '127.0.0.0', prefix: 8, what: 'a loopback address' },
  { family: 'ipv4', network: '169.254.0.0', prefix: 16, what: 'a link-local (metadata) address' },
  { family: 'ipv4', network: '172.16.0.0', prefix: 12, what: 'a private address' },
  { family: 'ipv4', network: '192.0.0.0', prefix: 24, what: 'a reserved address' },
  { family: 'ipv4', network: '192.168.0.0', prefix: 16, what: 'a private address' },
  { family: 'ipv4', network: '198.18.0.0', prefix: 15, what: 'a reserved address' },
  { family: 'ipv4', network: '224.0.0.0', prefix: 4, what: 'a multicast address' },
  { family: 'ipv4', network: '240.0.0.0', prefix: 4, what: 'a reserved address' },
  { family: 'ipv6', network: '::', prefix: 128, what: 'an unspecified address' },
  { family: 'ipv6', network: '::1', prefix: 128, what: 'a loopback address' },
  { family: 'ipv6', network: 'fc00::', prefix: 7, what: 'a private address' },
  { family: 'ipv6', network: 'fe80::', prefix: 10, what: 'a link-local address' },
  { family: 'ipv6', network: 'ff00::', prefix: 8, what: 'a multicast address' },
  // Translated or tunnelled IPv4 the gateway in between may route anywhere, the local network included.
  { family: 'ipv6', network: '64:ff9b:1::', prefix: 48, what: 'a local-use NAT64 address' },
  { family: 'ipv6', network: '::ffff:0:0:0', prefix: 96, what: 'an IPv4-translated (SIIT) address' },
  // A mapped address is judged as its IPv4 address; any spelling not read as one is refused whole.
  { family: 'ipv6', network: '::ffff:0:0', prefix: 96, what: 'an IPv4-mapped address' },
  { family: 'ipv6', network: '2002::', prefix: 16, what: 'a 6to4 address' },
  { family: 'ipv6', network: 'fec0::', prefix: 10, what: 'a site-local address' },
];

const REFUSED = REFUSED_RANGES.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.family);
  return { ...range, list };
});

/** The operator's openings: CIDR ranges (or single addresses) and host names. */
export interface AddressAllowance {
  ranges: BlockList;
  hosts: ReadonlySet<string>;
}

export const NO_ALLOWANCE: AddressAllowance = { ranges: new BlockList(), hosts: new Set() };

/**
 * Parses HEALTH_CHECK_ALLOW: comma-separated CIDRs ("10.20.0.0/16", "fd00::/8"), addresses and host
 * names. Answers the allowance, or the entries it could not read.
 */
export function parseAllowance(text: string): { allowance: AddressAllowance } | { invalid: string[] } {
  const ranges = new BlockList();
  const hosts = new Set<string>();
  const invalid: string[] = [];
  for (const entry of text
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)) {
    const [address = '', prefixText] = entry.split('/');
    const family = isIP(address);
    if (family !== 0) {
      const max = family === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || prefixText === '') invalid.push(entry);
      else ranges.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (
      prefixText === undefined &&
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)
    ) {
      hosts.add(entry);
    } else {
      invalid.push(entry);
    }
  }
  return invalid.length > 0 ? { invalid } : { allowance: { ranges, hosts } };
}

/**
 * An IPv4 address carried in an IPv6 one is judged as the IPv4 address it is: mapped (::ffff:a.b.c.d),
 * compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d), each dotted or in the hexadecimal spelling the URL
 * parser turns the dotted one into (::ffff:7f00:1).
 */
const CARRIED_IPV4 =
  /^(?:(?:0{0,4}:){0,5}:?(?:ffff:)?|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i;

function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) === 6) {
    const carried = CARRIED_IPV4.exec(address);
    if (carried?.[1]) return { address: carried[1], family: 'ipv4' };
    if (carried?.[2] && carried[3]) {
      const [high, low] = [parseInt(carried[2], 16), parseInt(carried[3], 16)];
      return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
    }
  }
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * Why the prober may not connect to `address` (an IP), or null when it may: refused ranges stay refused
 * unless the allowance covers the address.
 */
export function refusalOf(rawAddress: string, allowance: AddressAllowance): string | null {
  const { address, family } = unmapped(rawAddress);
  if (allowance.ranges.check(address, family)) return null;
  for (const range of REFUSED) {
    if (range.family === family && range.list.check(address, family)) {
      return `Refused: ${rawAddress} is ${range.what}; allow it with HEALTH_CHECK_ALLOW`;
    }
  }
  return null;
}
