import { z } from 'zod';
import type { KongTarget } from '../../contract/gateway';
import { upstreamSchema, upstreamsProblems } from './kong-validate-upstreams';

/*
 * An independent check of a Kong declarative file against Kong's own rules (read from Kong's schema
 * sources: kong/db/schema/typedefs.lua, entities/routes.lua, entities/services.lua, entities/plugins.lua,
 * entities/upstreams.lua and targets.lua (kong-validate-upstreams.ts), others/declarative_config.lua, kong/tools/ip.lua and kong/tools/uri.lua), for tests and tooling. It
 * takes the parsed file as `unknown`, so it checks what was served, not what the generator meant.
 * Where Kong is looser than what this console needs (tags with spaces, UTF-8 names), it is stricter.
 */

/** typedefs.name: alphanumerics and `. - _ ~` (utf8_name also takes UTF-8; the console emits ASCII). */
const NAME = /^[A-Za-z0-9.\-_~]+$/;
/** typedefs.tag: printable ASCII except `,` and `/` (Kong also takes space and UTF-8); 128 as Konnect. */
const TAG = /^[\x21-\x2b\x2d\x2e\x30-\x7e]{1,128}$/;
/** typedefs.path: RFC 3986 unreserved, sub-delims, `/ % : @`. */
const URL_PATH = /^\/[A-Za-z0-9.\-_~/%:@!$&'()*+,;=]*$/;
/** kong/tools/http validate_header_name. */
const HEADER_NAME = /^[A-Za-z0-9_-]+$/;
/** PCRE (8.x and 10.x before 10.44) refuses group names longer than this. */
const PCRE_MAX_NAME = 32;
/** Top-level keys DB-less accepts (declarative_config.lua): entity arrays and these. */
const DBLESS_META = new Set(['_format_version', '_transform', '_comment', '_ignore']);
const PLUGIN_CONFIG_KEYS: Record<string, ReadonlySet<string>> = {
  'key-auth': new Set(['key_names', 'hide_credentials', 'key_in_header', 'key_in_query', 'key_in_body']),
  'rate-limiting': new Set(['second', 'minute', 'hour', 'day', 'month', 'year', 'policy', 'limit_by']),
};

const pluginSchema = z
  .object({ name: z.string(), config: z.record(z.string(), z.unknown()), tags: z.array(z.string()) })
  .strict();
const routeSchema = z
  .object({
    name: z.string(),
    paths: z.array(z.string()).min(1),
    methods: z.array(z.string()).min(1),
    hosts: z.array(z.string()).min(1).optional(),
    headers: z.record(z.string(), z.array(z.string()).min(1)).optional(),
    strip_path: z.boolean(),
    preserve_host: z.boolean(),
    tags: z.array(z.string()),
    plugins: z.array(pluginSchema).optional(),
  })
  .strict();
const serviceSchema = z
  .object({ name: z.string(), url: z.string(), tags: z.array(z.string()), routes: z.array(routeSchema) })
  .strict();
const documentSchema = z.object({
  _format_version: z.literal('3.0'),
  _transform: z.boolean().optional(),
  _info: z
    .object({ select_tags: z.array(z.string()).min(1) })
    .strict()
    .optional(),
  services: z.array(serviceSchema),
  upstreams: z.array(upstreamSchema).optional(),
});

export type CheckedKongDocument = z.infer<typeof documentSchema>;
type Route = z.infer<typeof routeSchema>;

const duplicates = (values: string[]): string[] => [
  ...new Set(values.filter((v, i) => values.indexOf(v) !== i)),
];

/** kong/tools/ip.lua: IPv4, or a name of `[A-Za-z0-9._-]` with no segment ending in `-` nor empty. */
export function kongHostProblem(host: string): string | undefined {
  if (/^[\d.]+$/.test(host)) {
    const parts = host.split('.');
    const ok = parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
    return ok ? undefined : `invalid IPv4 address ${host}`;
  }
  if (!/^[A-Za-z0-9._-]+$/.test(host)) return `invalid hostname ${host}`;
  const labels = host.split('.');
  const bad = labels.some((label, i) => label.endsWith('-') || (label === '' && i !== labels.length - 1));
  return bad ? `invalid hostname ${host}` : undefined;
}

/** validate_path's percent check: every `%` starts a `%XX` triple. */
const percentOk = (value: string) => !value.replace(/%[0-9A-Fa-f]{2}/g, '').includes('%');

/** A prefix path is normalized when no segment is `.` or `..` (kong/tools/uri.lua normalize). */
const normalized = (path: string) => !path.split('/').some((s) => s === '.' || s === '..');

/** Named groups of a regex: `(?<n>`, `(?P<n>` and `(?'n'`, not lookbehinds `(?<=` / `(?<!`. */
const groupNames = (regex: string): string[] =>
  [...regex.matchAll(/\(\?(?:P?<([^>=!][^>]*)>|'([^']+)')/g)].map((m) => m[1] ?? m[2] ?? '');

export function kongPathProblems(path: string): string[] {
  if (!path.startsWith('/') && !path.startsWith('~/')) return [`path ${path}: must start with / or ~/`];
  if (path.includes('//')) return [`path ${path}: empty segment`];
  if (!percentOk(path)) return [`path ${path}: invalid percent-encoding`];
  if (!path.startsWith('~')) {
    const problems: string[] = [];
    if (!URL_PATH.test(path)) problems.push(`path ${path}: characters outside RFC 3986`);
    if (!normalized(path)) problems.push(`path ${path}: not normalized`);
    return problems;
  }
  const regex = path.slice(1);
  try {
    new RegExp(regex);
  } catch (error) {
    return [`path ${path}: invalid regex (${String(error)})`];
  }
  const names = groupNames(regex);
  return [
    ...names
      .filter((n) => n.length > PCRE_MAX_NAME || !/^[A-Za-z_]\w*$/.test(n))
      .map((n) => `path ${path}: group name ${n} is not a PCRE name of at most ${PCRE_MAX_NAME}`),
    ...duplicates(names).map((n) => `path ${path}: group name ${n} twice`),
  ];
}

/** A service `url`: lower-case http(s), a Kong host, a port, an RFC 3986 path; nothing else. */
export function kongUrlProblems(url: string): string[] {
  const scheme = /^(https?):\/\/([^/?#]*)(.*)$/.exec(url);
  if (!scheme) return [`url ${url}: not a lower-case http(s) URL`];
  const [, , authority = '', rest = ''] = scheme;
  const hostPort = /^(\[[0-9A-Fa-f:.]+\]|[^:@[\]]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!hostPort) return [`url ${url}: invalid authority ${authority}`];
  const [, host = '', port] = hostPort;
  const problems: string[] = [];
  if (!host.startsWith('[')) {
    const hostProblem = kongHostProblem(host);
    if (hostProblem) problems.push(`url ${url}: ${hostProblem}`);
  }
  // Kong's schema takes port 0, but nothing listens there: stricter.
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
    problems.push(`url ${url}: port ${port}`);
  }
  if (rest !== '' && (!URL_PATH.test(rest) || !percentOk(rest))) {
    problems.push(`url ${url}: path ${rest} is not an RFC 3986 path`);
  }
  return problems;
}

/** The host of a service URL, as Kong matches it against upstream names. */
const serviceHost = (url: string): string => /^[a-z]+:\/\/([^/:]+|\[[^\]]*\])/.exec(url)?.[1] ?? '';

function tagProblems(where: string, tags: string[], scope: string[]): string[] {
  return [
    ...tags.filter((t) => !TAG.test(t)).map((t) => `${where}: invalid tag ${JSON.stringify(t)}`),
    ...duplicates(tags).map((t) => `${where}: tag ${t} twice`),
    ...scope.filter((t) => !tags.includes(t)).map((t) => `${where}: lacks select tag ${t}`),
  ];
}

function routeMatchProblems(where: string, route: Route): string[] {
  const problems = kongPathProblems(route.paths[0] ?? '').map((p) => `${where}: ${p}`);
  for (const path of route.paths.slice(1))
    problems.push(...kongPathProblems(path).map((p) => `${where}: ${p}`));
  for (const method of route.methods) {
    if (!/^[A-Z]+$/.test(method)) problems.push(`${where}: method ${method} is not upper case`);
  }
  problems.push(...duplicates(route.methods).map((m) => `${where}: method ${m} twice`));
  for (const host of route.hosts ?? []) {
    const problem = host.includes(':') ? `host ${host} has a port` : kongHostProblem(host);
    if (problem) problems.push(`${where}: ${problem}`);
  }
  for (const header of Object.keys(route.headers ?? {})) {
    if (!HEADER_NAME.test(header) || header.toLowerCase() === 'host') {
      problems.push(`${where}: invalid header name ${header}`);
    }
  }
  return problems;
}

function routeProblems(where: string, route: Route, scope: string[]): string[] {
  const problems = routeMatchProblems(where, route);
  problems.push(...tagProblems(where, route.tags, scope));
  const plugins = route.plugins ?? [];
  problems.push(...duplicates(plugins.map((p) => p.name)).map((n) => `${where}: plugin ${n} twice`));
  for (const plugin of plugins) {
    const allowed = PLUGIN_CONFIG_KEYS[plugin.name];
    if (!allowed) {
      problems.push(`${where}: unknown plugin ${plugin.name}`);
      continue;
    }
    for (const key of Object.keys(plugin.config)) {
      if (!allowed.has(key)) problems.push(`${where}: ${plugin.name} has no field ${key}`);
    }
    problems.push(...tagProblems(`${where} plugin ${plugin.name}`, plugin.tags, scope));
  }
  return problems;
}

function namesProblems(kind: string, names: string[]): string[] {
  return [
    ...names.filter((n) => !NAME.test(n)).map((n) => `${kind} name ${JSON.stringify(n)} is not a Kong name`),
    ...duplicates(names).map((n) => `${kind} name ${n} is used twice`),
  ];
}

function targetProblems(raw: Record<string, unknown>, target: KongTarget): string[] {
  if (target === 'deck') return '_info' in raw ? [] : ['decK file without _info.select_tags'];
  return Object.keys(raw)
    .filter((key) => key.startsWith('_') && !DBLESS_META.has(key))
    .map((key) => `DB-less refuses the top-level field ${key}`);
}

/** Every way `value` breaks Kong's rules for `target`; empty when Kong would load it. */
export function kongProblems(value: unknown, target: KongTarget): string[] {
  const parsed = documentSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const raw = z.record(z.string(), z.unknown()).parse(value);
  const doc = parsed.data;
  const scope = doc._info?.select_tags ?? [];
  const problems = [...targetProblems(raw, target), ...tagProblems('_info', scope, [])];
  problems.push(
    ...namesProblems(
      'service',
      doc.services.map((s) => s.name),
    ),
  );
  problems.push(
    ...namesProblems(
      'route',
      doc.services.flatMap((s) => s.routes.map((r) => r.name)),
    ),
  );
  const hosts = doc.services.map((s) => serviceHost(s.url));
  const upstreams = doc.upstreams ?? [];
  problems.push(...upstreamsProblems(upstreams, hosts, (where, tags) => tagProblems(where, tags, scope)));
  for (const host of hosts.filter((h) => h.endsWith('.upstream'))) {
    if (!upstreams.some((u) => u.name === host)) problems.push(`service host ${host} names no upstream`);
  }
  for (const service of doc.services) {
    problems.push(...kongUrlProblems(service.url).map((p) => `service ${service.name}: ${p}`));
    problems.push(...tagProblems(`service ${service.name}`, service.tags, scope));
    for (const route of service.routes) problems.push(...routeProblems(`route ${route.name}`, route, scope));
  }
  return problems;
}

/** The parsed document, for tests that go on to look at it; throws when it does not have Kong's shape. */
export const checkedKongDocument = (value: unknown): CheckedKongDocument => documentSchema.parse(value);

/**
 * What tells one tenant's routes from another's on a shared Kong: its hosts, or its header values,
 * lower-cased as Kong compares both case-insensitively. Empty when a route has neither.
 */
function tenantKeys(route: Route): { kind: 'hosts' | 'headers'; keys: string[] } {
  if (route.hosts) return { kind: 'hosts', keys: route.hosts.map((h) => h.toLowerCase()) };
  const keys = Object.entries(route.headers ?? {}).flatMap(([name, values]) =>
    values.map((v) => `${name.toLowerCase()}=${v.toLowerCase()}`),
  );
  return { kind: 'headers', keys };
}

/**
 * Problems of loading several tenants' files into one Kong (one workspace): names used by two files,
 * and routes of two files that nothing tells apart (no match, or a shared host or header value).
 */
export function sharedKongProblems(docs: CheckedKongDocument[]): string[] {
  const problems: string[] = [];
  const namesOf = {
    service: (doc: CheckedKongDocument) => doc.services.map((s) => s.name),
    route: (doc: CheckedKongDocument) => doc.services.flatMap((s) => s.routes.map((r) => r.name)),
    upstream: (doc: CheckedKongDocument) => (doc.upstreams ?? []).map((u) => u.name),
  };
  for (const kind of ['service', 'route', 'upstream'] as const) {
    const names = docs.flatMap((doc) => [...new Set(namesOf[kind](doc))]);
    problems.push(...duplicates(names).map((n) => `${kind} name ${n} is in two files`));
  }
  const owners = new Map<string, number>();
  docs.forEach((doc, index) => {
    for (const route of doc.services.flatMap((s) => s.routes)) {
      const { kind, keys } = tenantKeys(route);
      if (keys.length === 0) problems.push(`route ${route.name} has neither hosts nor a header match`);
      for (const key of keys.map((k) => `${kind}:${k}`)) {
        const owner = owners.get(key);
        if (owner !== undefined && owner !== index) problems.push(`${key} is matched by two files`);
        owners.set(key, index);
      }
    }
  });
  return problems;
}
