import type { Environment } from '../../contract/common';
import type { GatewayRoute } from '../../contract/gateway';
import { targetUrl } from './route-rules';

/*
 * Kong's declarative configuration (decK, `_format_version: "3.0"`) of one tenant's active routes in
 * one environment (docs/gateway.md). One service per (capability, target), its routes nested under it,
 * each route's plugins nested under the route: key-auth when the route requires authentication, and
 * rate-limiting (per minute, counted locally on each Kong node) when it has a limit.
 *
 * `_info.select_tags` scopes a `deck gateway sync` of this file to the entities carrying both tags, so
 * syncing one tenant's environment never deletes another's. Output is deterministic: entities are
 * sorted by name and names derive from the data, never from time or random ids.
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
  _info: { select_tags: string[] };
  services: KongService[];
}

/** Kong names: letters, digits and `-._~` only. */
const kongName = (value: string): string =>
  value
    .replace(/[^A-Za-z0-9\-._~]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();

/** Kong tags: printable, no space, comma or slash, at most 128 characters. */
const kongTag = (key: string, value: string): string =>
  `${key}:${value.replace(/[\s,/]+/g, '_').replace(/[^\x21-\x7e]/g, '_')}`.slice(0, 128);

/**
 * A route path for Kong: a plain path is a prefix match; one with `{param}` placeholders becomes a
 * Kong regex path (`~` prefix, named captures) anchored at the end of the template.
 */
export function kongPath(path: string): string {
  if (!path.includes('{')) return path;
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment);
      return param ? `(?<${param[1]}>[^/]+)` : segment.replace(/\./g, '\\.');
    })
    .join('/');
  return `~${pattern}$`;
}

const pathSlug = (path: string): string => kongName(path.replace(/[{}]/g, '')) || 'root';

/** Makes names unique by numbering repeats, in a stable order. */
function uniqueNames<T extends { name: string }>(items: T[]): T[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = (seen.get(item.name) ?? 0) + 1;
    seen.set(item.name, n);
    return n === 1 ? item : { ...item, name: `${item.name}-${n}` };
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The declarative configuration of `routes` (the active routes of one tenant and environment). */
export function kongDeclarative(
  tenant: { id: string; name: string },
  environment: Environment,
  routes: GatewayRoute[],
): KongDeclarative {
  const scope = [kongTag('tenant', tenant.id), kongTag('environment', environment)];
  const prefix = `${kongName(tenant.id)}.${environment}`;
  const groups = new Map<string, GatewayRoute[]>();
  for (const route of routes) {
    const key = JSON.stringify([route.capabilityId, targetUrl(route.targetService)]);
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const services = [...groups.entries()].map(([key, members]) => {
    const [capabilityId, url] = JSON.parse(key) as [string, string];
    const host = new URL(url).host;
    const tags = [...scope, kongTag('capability', capabilityId)];
    const kongRoutes = members.map((route): KongRoute => {
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
      return {
        name: `${prefix}.${kongName(capabilityId)}.${pathSlug(route.path)}.${route.methods.join('-').toLowerCase()}`,
        paths: [kongPath(route.path)],
        methods: [...route.methods],
        strip_path: false,
        preserve_host: false,
        tags: [
          ...tags,
          kongTag('route-lineage', route.lineageId),
          kongTag('route-version', String(route.version)),
        ],
        ...(plugins.length > 0 ? { plugins } : {}),
      };
    });
    return {
      name: `${prefix}.${kongName(capabilityId)}.${kongName(host)}`,
      url,
      tags,
      routes: uniqueNames(
        kongRoutes.sort((a, b) => compare(a.name, b.name) || compare(a.paths[0] ?? '', b.paths[0] ?? '')),
      ),
    };
  });
  return {
    _format_version: '3.0',
    _info: { select_tags: scope },
    services: uniqueNames(services.sort((a, b) => compare(a.name, b.name) || compare(a.url, b.url))),
  };
}
