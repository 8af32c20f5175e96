import type { Slot } from '../../contract/common';
import { targetUrl } from './route-rules';

/*
 * The traffic split of a capability during a progressive rollout, as Kong load-balances it
 * (docs/traffic-splitting.md): when both of its slots in the environment are active with weights above
 * zero, each Kong service of the capability points at an upstream (its `host` is the upstream's name)
 * whose two targets are the slots' addresses, weighted by their traffic percentages. Kong spreads
 * requests in proportion to the weights, so 10 and 90 send a tenth to the first. With one live slot
 * there is no upstream: the service keeps the route's own target, as it always did.
 */

/** One slot of a capability as the split needs it (a capability_deployments row, narrowed). */
export interface CapabilitySlot {
  slot: Slot;
  status: string;
  trafficPercentage: number;
  endpoint: string | null;
  deployedUrl: string | null;
}

/** A weighted Kong target: `host:port` and its share of the traffic (Kong takes 0..65535). */
export interface SplitTarget {
  slot: Slot;
  target: string;
  weight: number;
}

/** Capability id → its split targets, for the capabilities split in the file's environment. */
export type CapabilitySplits = ReadonlyMap<string, readonly SplitTarget[]>;

export interface KongTargetEntry {
  target: string;
  weight: number;
  tags: string[];
}

export interface KongUpstream {
  name: string;
  targets: KongTargetEntry[];
  tags: string[];
}

const HOST_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?$/;

/** Kong's target host rules (kong/tools/ip.lua): a name of letters, digits, `-` and `_`, no label ending in `-`. */
const isKongHostName = (host: string) =>
  !/^[\d.]+$/.test(host) && host.split('.').every((label) => HOST_LABEL.test(label));

/**
 * A slot address as a Kong target `host:port`: a URL or a bare `host[:port]` (plain http, as a route
 * target); the port defaults from the scheme. Undefined when Kong could not take it as a target.
 */
export function kongTargetOf(address: string | null): string | undefined {
  if (!address?.trim()) return undefined;
  const text = address.trim();
  let url: URL;
  try {
    // Any scheme is kept (and refused below unless http or https); a bare host means plain http.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : targetUrl(text));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Port 0 parses, but nothing listens there.
  if (url.username || url.password || url.port === '0') return undefined;
  const host = url.hostname;
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
  if (!host.startsWith('[') && !ipv4 && !isKongHostName(host)) return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${host}:${port}`;
}

/**
 * The weighted targets of a capability's slots, or undefined when it is not split: a split needs both
 * slots active with weights above zero, and an address Kong takes for each (else Kong could not honour
 * the weights, and the service keeps the route's target).
 */
export function splitTargets(slots: readonly CapabilitySlot[]): SplitTarget[] | undefined {
  const live = slots.filter((s) => s.status === 'active' && s.trafficPercentage > 0);
  if (live.length !== 2) return undefined;
  const targets = live.map((s) => ({
    slot: s.slot,
    target: kongTargetOf(s.endpoint ?? s.deployedUrl),
    weight: s.trafficPercentage,
  }));
  if (targets.some((t) => t.target === undefined)) return undefined;
  if (targets[0]?.target === targets[1]?.target) return undefined;
  return targets
    .flatMap((t) => (t.target === undefined ? [] : [{ ...t, target: t.target }]))
    .sort((a, b) => (a.slot < b.slot ? -1 : 1));
}

/**
 * An upstream's name: Kong wants a host name that is no IP address, and looks it up before DNS, so it
 * is the service's name (unique across files, ends in a digest) made a host name, with an `.upstream`
 * label no real host carries.
 */
export function upstreamNameOf(serviceName: string): string {
  const labels = serviceName
    .replace(/~/g, '-')
    .split('.')
    .map((label) => label.replace(/^[-]+|[-]+$/g, '') || 'x');
  return `${labels.join('.')}.upstream`;
}

/** The upstream of one service: its targets tagged with the service's tags and their slot. */
export function kongUpstream(
  serviceName: string,
  tags: string[],
  targets: readonly SplitTarget[],
): KongUpstream {
  return {
    name: upstreamNameOf(serviceName),
    targets: targets.map((t) => ({ target: t.target, weight: t.weight, tags: [...tags, `slot:${t.slot}`] })),
    tags: [...tags],
  };
}

/** The service URL with its host and port replaced by the upstream's name (scheme and path stay). */
export function upstreamServiceUrl(serviceUrl: string, upstreamName: string): string {
  const url = new URL(serviceUrl);
  const path = serviceUrl.slice(`${url.protocol}//${url.host}`.length);
  return `${url.protocol}//${upstreamName}${path}`;
}
