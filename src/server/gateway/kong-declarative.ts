import { createHash } from 'node:crypto';
import type { Environment } from '../../contract/common';
import type { GatewayRoute, KongTarget } from '../../contract/gateway';
import { kongUpstream, upstreamServiceUrl, type CapabilitySplits, type KongUpstream } from './kong-upstreams';
import { targetUrl } from './route-rules';

/*
 * Kong's declarative configuration (`_format_version: "3.0"`) of one tenant's active routes in one
 * environment (docs/gateway.md), for decK or for Kong in DB-less mode. One service per (capability,
 * target), its routes nested under it, each route's plugins nested under the route: key-auth when the
 * route requires authentication, and rate-limiting (per minute, counted locally on each Kong node) when
 * it has a limit.
 *
 * decK gets `_info.select_tags`, which scopes a `deck gateway sync` to the entities carrying both tags,
 * so syncing one tenant's environment never deletes another's; DB-less Kong refuses `_info`, so its file
 * has none. Every route matches on the tenant's hosts, or on an `x-tenant-id` header, so tenants sharing
 * one Kong never take each other's requests.
 *
 * Names are unique across the whole file and across tenants (Kong's names are per workspace): a readable
 * part, lossy (lower-cased, cut short), then a digest of the exact data the entity stands for. Output is
 * deterministic: names derive from the data, entities are sorted by name.
 *
 * A capability split between its two slots (a progressive rollout) gives each of its services an
 * upstream carrying the slots' weights (kong-upstreams.ts); the file has `upstreams` only then.
 */

export interface KongPlugin {
  name: 'key-auth' | 'rate-limiting';
  config: Record<string, unknown>;
  tags: string[];
}

export interface KongRoute {
  name: string;
  paths: string[];
  methods: string[];
  hosts?: string[];
  headers?: Record<string, string[]>;
  strip_path: boolean;
  preserve_host: boolean;
  tags: string[];
  plugins?: KongPlugin[];
}

export interface KongService {
  name: string;
  url: string;
  tags: string[];
  routes: KongRoute[];
}

export interface KongDeclarative {
  _format_version: '3.0';
  _info?: { select_tags: string[] };
  services: KongService[];
  upstreams?: KongUpstream[];
}

/** The tenant a file is for: `hosts` from its gateway configuration (none: the header match). */
export interface KongTenant {
  id: string;
  name: string;
  hosts?: readonly string[];
}

/** The header a route matches on when its tenant declares no hosts; front proxies or clients set it. */
export const TENANT_HEADER = 'x-tenant-id';

/** A short, stable digest of exact data: what keeps names and tags apart when their readable part is lossy. */
const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 10);

/** The readable part of a Kong name (letters, digits and `-._~` only, typedefs.name), at most `max` long. */
const slug = (value: string, max: number): string =>
  value
    .replace(/[^A-Za-z0-9\-._~]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, max) || 'x';

const TAG_MAX = 128;

/**
 * A Kong tag `key:value`: printable ASCII but `,` and `/` (typedefs.tag; no space either, for decK's
 * flags), at most 128. A value that had to change or be cut gets a digest, so that two tenants whose
 * ids differ only there never share a select tag (decK would then sync one over the other).
 */
function kongTag(key: string, value: string): string {
  const clean = value.replace(/[^\x21-\x2b\x2d\x2e\x30-\x7e]/g, '_');
  const tag = `${key}:${clean}`;
  if (clean === value && tag.length <= TAG_MAX) return tag;
  return `${tag.slice(0, TAG_MAX - 11)}~${digest(value)}`;
}

/** A literal for a PCRE pattern (only `.` can occur in a path segment today; the rest is cheap safety). */
const regexLiteral = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A PCRE group name: PCRE refuses longer ones, and names starting with a digit. */
const PCRE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/**
 * A route path for Kong: a plain path is a prefix match; one with `{param}` placeholders becomes a
 * Kong regex path (`~` prefix, named captures) anchored at the end of the template. A parameter PCRE
 * cannot name (versions saved before the 32-character rule) or named twice is captured unnamed.
 */
export function kongPath(path: string): string {
  if (!path.includes('{')) return path;
  const named = new Set<string>();
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{(.*)\}$/.exec(segment);
      if (!param) return regexLiteral(segment);
      const name = param[1] ?? '';
      if (!PCRE_NAME.test(name) || named.has(name)) return '([^/]+)';
      named.add(name);
      return `(?<${name}>[^/]+)`;
    })
    .join('/');
  return `~${pattern}$`;
}

/** Kong's path characters (typedefs.path): RFC 3986 unreserved, sub-delims, `/ % : @`. */
const NOT_KONG_PATH = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~/%:@!$&'()*+,;=]/g;

/**
 * The service URL Kong takes for a target. The URL parser lower-cases the scheme and host (Kong's
 * protocol is one of `http`, `https`), drops a default port and encodes spaces; Kong also refuses a
 * path with `|`, `^`, `[`... or a `%` that starts no escape, which are encoded here.
 */
export function kongServiceUrl(target: string): string {
  const url = new URL(targetUrl(target));
  const path = url.pathname === '/' ? '' : url.pathname.replace(NOT_KONG_PATH, (c) => encodeURIComponent(c));
  return `${url.protocol}//${url.host}${path}`;
}

/** Makes names unique by numbering repeats (only identical data repeats a digest), in a stable order. */
function uniqueNames<T extends { name: string }>(items: T[]): T[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = (seen.get(item.name) ?? 0) + 1;
    seen.set(item.name, n);
    return n === 1 ? item : { ...item, name: `${item.name}-${n}` };
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What every entity of one file shares: the scope tags and the readable name prefix. */
interface FileScope {
  tenant: KongTenant;
  environment: Environment;
  tags: string[];
  prefix: string;
}

function pluginsOf(route: GatewayRoute, tags: string[]): KongPlugin[] {
  const plugins: KongPlugin[] = [];
  if (route.authRequired) {
    plugins.push({ name: 'key-auth', config: { key_names: ['apikey'] }, tags: [...tags] });
  }
  if (route.rateLimit !== null) {
    // Counted per consumer when key-auth identifies one, per client address otherwise.
    const limitBy = route.authRequired ? 'consumer' : 'ip';
    plugins.push({
      name: 'rate-limiting',
      config: { minute: route.rateLimit, policy: 'local', limit_by: limitBy },
      tags: [...tags],
    });
  }
  return plugins;
}

/** A route before its name is made unique: the service it goes under, and its lineage for the order. */
interface RouteDraft {
  name: string;
  service: { capabilityId: string; url: string };
  lineageId: string;
  route: Omit<KongRoute, 'name'>;
}

/** One route; its name's digest covers everything that tells it apart, service and tenant included. */
function routeDraft(scope: FileScope, route: GatewayRoute): RouteDraft {
  const url = kongServiceUrl(route.targetService);
  const tags = [...scope.tags, kongTag('capability', route.capabilityId)];
  const plugins = pluginsOf(route, tags);
  const readable = [slug(route.capabilityId, 40), slug(route.path, 60) || 'root', route.methods.join('-')];
  const key = [scope.tenant.id, scope.environment, route.capabilityId, url, route.path, route.methods];
  return {
    name: `${scope.prefix}.${readable.join('.').toLowerCase()}.${digest(key)}`,
    service: { capabilityId: route.capabilityId, url },
    lineageId: route.lineageId,
    route: {
      paths: [kongPath(route.path)],
      methods: [...route.methods],
      ...tenantMatch(scope.tenant),
      strip_path: false,
      preserve_host: false,
      tags: [
        ...tags,
        kongTag('route-lineage', route.lineageId),
        kongTag('route-version', String(route.version)),
      ],
      ...(plugins.length > 0 ? { plugins } : {}),
    },
  };
}

function serviceNameOf(scope: FileScope, capabilityId: string, url: string): string {
  const parsed = new URL(url);
  const scheme = parsed.protocol.slice(0, -1);
  const port = parsed.port || (scheme === 'https' ? '443' : '80');
  const target = `${scheme}-${slug(parsed.hostname, 60)}-${port}`;
  const key = [scope.tenant.id, scope.environment, capabilityId, url];
  return `${scope.prefix}.${slug(capabilityId, 40)}.${target}.${digest(key)}`;
}

/** What tells this tenant's routes from others' on one Kong: its hosts, or the tenant header. */
function tenantMatch(tenant: KongTenant): Pick<KongRoute, 'hosts' | 'headers'> {
  const hosts = [...new Set((tenant.hosts ?? []).map((host) => host.toLowerCase()))];
  return hosts.length > 0 ? { hosts } : { headers: { [TENANT_HEADER]: [tenant.id] } };
}

/** A service before its upstream is known: the capability it serves says whether it is split. */
interface ServiceDraft extends KongService {
  capabilityId: string;
}

/** Groups the named routes by service, in their (name) order, and names the services. */
function servicesOf(scope: FileScope, drafts: RouteDraft[]): ServiceDraft[] {
  const services = new Map<string, ServiceDraft>();
  for (const { name, service, route } of drafts) {
    const key = JSON.stringify([service.capabilityId, service.url]);
    const entry = services.get(key) ?? {
      name: serviceNameOf(scope, service.capabilityId, service.url),
      url: service.url,
      tags: [...scope.tags, kongTag('capability', service.capabilityId)],
      routes: [],
      capabilityId: service.capabilityId,
    };
    entry.routes.push({ name, ...route });
    services.set(key, entry);
  }
  return uniqueNames([...services.values()].sort((a, b) => compare(a.name, b.name) || compare(a.url, b.url)));
}

/** Points each service of a split capability at an upstream of its own: the slots' weighted targets. */
function withUpstreams(
  drafts: ServiceDraft[],
  splits: CapabilitySplits,
): { services: KongService[]; upstreams: KongUpstream[] } {
  const upstreams: KongUpstream[] = [];
  const services = drafts.map(({ capabilityId, ...service }) => {
    const targets = splits.get(capabilityId);
    if (!targets) return service;
    const upstream = kongUpstream(service.name, service.tags, targets);
    upstreams.push(upstream);
    return { ...service, url: upstreamServiceUrl(service.url, upstream.name) };
  });
  return { services, upstreams: upstreams.sort((a, b) => compare(a.name, b.name)) };
}

/**
 * The declarative configuration of `routes` (the active routes of one tenant and environment);
 * `splits` holds the capabilities whose slots share the traffic in that environment.
 */
export function kongDeclarative(
  tenant: KongTenant,
  environment: Environment,
  routes: GatewayRoute[],
  target: KongTarget = 'deck',
  splits: CapabilitySplits = new Map(),
): KongDeclarative {
  const tags = [kongTag('tenant', tenant.id), kongTag('environment', environment)];
  const prefix = `${slug(tenant.id, 40)}.${environment}`;
  const scope: FileScope = { tenant, environment, tags, prefix };
  const drafts = routes
    .map((route) => routeDraft(scope, route))
    .sort((a, b) => compare(a.name, b.name) || compare(a.lineageId, b.lineageId));
  // Route names are unique across the file, not per service: Kong's are per workspace.
  const { services, upstreams } = withUpstreams(servicesOf(scope, uniqueNames(drafts)), splits);
  // No split, no `upstreams` key: the file is what it was before splits existed.
  const entities = upstreams.length > 0 ? { services, upstreams } : { services };
  return target === 'deck'
    ? { _format_version: '3.0', _info: { select_tags: tags }, ...entities }
    : { _format_version: '3.0', ...entities };
}
