import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { gatewayPaths, type GatewayRoute, type OpaPolicy } from '../../contract/gateway';
import { describeApi } from '../test/api-harness';
import { kongProblems } from './kong-validate';
import { insertFixturesWithoutApprovals, insertGatewayFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

interface TarEntry {
  name: string;
  type: string | null | undefined;
  mode: number | undefined;
  mtime: Date | undefined;
  content: string;
}

/** Unpacks a tar.gz with an independent reader (tar-stream), entry by entry. */
async function untar(archive: Buffer): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
    stream.on('end', () => {
      entries.push({
        name: header.name,
        type: header.type,
        mode: header.mode,
        mtime: header.mtime,
        content: Buffer.concat(chunks).toString('utf8'),
      });
      next();
    });
    stream.resume();
  });
  const done = new Promise<void>((resolve, reject) => {
    reader.on('finish', resolve);
    reader.on('error', reject);
  });
  Readable.from([gunzipSync(archive)]).pipe(reader);
  await done;
  return entries;
}

/** Kong's documented decK fields for what the export writes (services, routes, plugins). */
const KONG_NAME = /^[A-Za-z0-9\-._~]+$/;
const KONG_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const SERVICE_KEYS = new Set(['name', 'url', 'tags', 'routes']);
const ROUTE_KEYS = new Set([
  'name',
  'paths',
  'methods',
  'hosts',
  'headers',
  'strip_path',
  'preserve_host',
  'tags',
  'plugins',
]);
const PLUGIN_CONFIG_KEYS: Record<string, Set<string>> = {
  'key-auth': new Set(['key_names', 'hide_credentials', 'key_in_header', 'key_in_query', 'key_in_body']),
  'rate-limiting': new Set(['second', 'minute', 'hour', 'day', 'month', 'year', 'policy', 'limit_by']),
};

interface KongFile {
  _format_version: string;
  _info: { select_tags: string[] };
  services: {
    name: string;
    url: string;
    tags: string[];
    routes: {
      name: string;
      paths: string[];
      methods: string[];
      strip_path: boolean;
      tags: string[];
      plugins?: { name: string; config: Record<string, unknown>; tags: string[] }[];
    }[];
  }[];
}

function assertKongShape(config: KongFile): void {
  expect(config._format_version).toBe('3.0');
  expect(Object.keys(config).sort()).toEqual(['_format_version', '_info', 'services']);
  const tags = (list: string[]) => {
    for (const tag of list) expect(tag, tag).toMatch(/^[\x21-\x7e]{1,128}$/);
    for (const tag of list) expect(tag, tag).not.toMatch(/[,/]/);
  };
  tags(config._info.select_tags);
  const serviceNames = config.services.map((s) => s.name);
  expect(new Set(serviceNames).size).toBe(serviceNames.length);
  const routeNames = config.services.flatMap((s) => s.routes.map((r) => r.name));
  expect(new Set(routeNames).size).toBe(routeNames.length);
  for (const service of config.services) {
    for (const key of Object.keys(service)) expect(SERVICE_KEYS.has(key), key).toBe(true);
    expect(service.name).toMatch(KONG_NAME);
    const url = new URL(service.url);
    expect(['http:', 'https:']).toContain(url.protocol);
    tags(service.tags);
    // select_tags: every entity carries both scope tags, or decK would not manage it.
    for (const scope of config._info.select_tags) expect(service.tags).toContain(scope);
    for (const route of service.routes) {
      for (const key of Object.keys(route)) expect(ROUTE_KEYS.has(key), key).toBe(true);
      expect(route.name).toMatch(KONG_NAME);
      for (const path of route.paths) expect(path).toMatch(/^(\/|~\/)/);
      expect(route.methods.length).toBeGreaterThan(0);
      for (const method of route.methods) expect(KONG_METHODS.has(method), method).toBe(true);
      expect(typeof route.strip_path).toBe('boolean');
      tags(route.tags);
      for (const scope of config._info.select_tags) expect(route.tags).toContain(scope);
      for (const plugin of route.plugins ?? []) {
        const allowed = PLUGIN_CONFIG_KEYS[plugin.name];
        expect(allowed, plugin.name).toBeDefined();
        for (const key of Object.keys(plugin.config))
          expect(allowed?.has(key), `${plugin.name}.${key}`).toBe(true);
        for (const scope of config._info.select_tags) expect(plugin.tags).toContain(scope);
      }
    }
  }
}

describeApi(
  'gateway hand-off artifacts',
  (ctx) => {
    const declarative = gatewayPaths.declarative('tenant-001', 'production');
    const bundle = gatewayPaths.bundle('tenant-001', 'production');
    const createRoute = async (payload: object) => {
      const res = await ctx().inject({
        method: 'POST',
        url: gatewayPaths.routes('tenant-001'),
        payload: { capabilityId: 'api-001', environment: 'production', ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as GatewayRoute;
    };
    const createPolicy = async (payload: object) => {
      const res = await ctx().inject({
        method: 'POST',
        url: gatewayPaths.policies('tenant-001'),
        payload: { capabilityId: 'api-001', environment: 'production', policyType: 'authz', ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as OpaPolicy;
    };

    it('renders the active routes as Kong declarative YAML by default, JSON by Accept, the same config', async () => {
      await createRoute({
        path: '/orders/{orderId}',
        methods: ['GET', 'DELETE'],
        targetService: 'https://orders.internal:8443/api',
        rateLimit: 120,
      });
      await createRoute({
        path: '/orders',
        methods: ['POST'],
        targetService: 'https://orders.internal:8443/api',
      });
      await createRoute({
        path: '/health',
        methods: ['GET'],
        targetService: 'status:9000',
        authRequired: false,
        rateLimit: null,
      });

      const yamlRes = await ctx().get(declarative);
      expect(yamlRes.statusCode, yamlRes.body).toBe(200);
      expect(yamlRes.headers['content-type']).toBe('application/yaml; charset=utf-8');
      expect(yamlRes.headers['content-disposition']).toBe(
        'attachment; filename="kong-deck-tenant-001-production.yaml"',
      );
      const fromYaml = parse(yamlRes.body) as KongFile;

      const jsonRes = await ctx().inject({
        method: 'GET',
        url: declarative,
        headers: { accept: 'application/json' },
      });
      expect(jsonRes.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(jsonRes.headers['content-disposition']).toBe(
        'attachment; filename="kong-deck-tenant-001-production.json"',
      );
      expect(jsonRes.json()).toEqual(fromYaml);
      // YAML stays the default when the client accepts both equally or prefers YAML.
      const both = await ctx().inject({
        method: 'GET',
        url: declarative,
        headers: { accept: 'application/yaml, application/json;q=0.9' },
      });
      expect(both.headers['content-type']).toBe('application/yaml; charset=utf-8');

      assertKongShape(fromYaml);
      expect(fromYaml._info.select_tags).toEqual(['tenant:tenant-001', 'environment:production']);
      expect(kongProblems(fromYaml, 'deck')).toEqual([]);
      const services = fromYaml.services.map((s) => [s.name, s.url, s.routes.map((r) => r.paths[0])]);
      // Names: readable (capability, scheme, host, port), then a digest of the exact data.
      expect(services).toEqual([
        [
          expect.stringMatching(/^tenant-001\.production\.api-001\.http-identity-8080\.[0-9a-f]{10}$/),
          'http://identity:8080',
          ['/identity/v2'],
        ],
        [
          expect.stringMatching(/^tenant-001\.production\.api-001\.http-status-9000\.[0-9a-f]{10}$/),
          'http://status:9000',
          ['/health'],
        ],
        [
          expect.stringMatching(
            /^tenant-001\.production\.api-001\.https-orders\.internal-8443\.[0-9a-f]{10}$/,
          ),
          'https://orders.internal:8443/api',
          ['~/orders/(?<orderId>[^/]+)$', '/orders'],
        ],
      ]);
      const routes = fromYaml.services.flatMap((s) => s.routes);
      const byPath = (path: string) => routes.find((r) => r.paths[0] === path);
      expect(byPath('~/orders/(?<orderId>[^/]+)$')).toMatchObject({
        methods: ['GET', 'DELETE'],
        strip_path: false,
        plugins: [
          { name: 'key-auth', config: { key_names: ['apikey'] } },
          { name: 'rate-limiting', config: { minute: 120, policy: 'local' } },
        ],
      });
      expect(byPath('/orders')?.plugins?.map((p) => [p.name, p.config.minute])).toEqual([
        ['key-auth', undefined],
        ['rate-limiting', 1000],
      ]);
      expect(byPath('/health')?.plugins).toBeUndefined();
      // Plain YAML: no anchors or aliases, which some tooling reads differently.
      expect(yamlRes.body).not.toMatch(/[&*]a\d/);
      // Deterministic: the same data gives the same bytes.
      expect((await ctx().get(declarative)).body).toBe(yamlRes.body);
    });

    it('leaves disabled routes out, and answers an empty configuration for an environment without routes', async () => {
      const route = await createRoute({ path: '/temporary', methods: ['GET'], targetService: 'tmp:80' });
      await ctx().inject({
        method: 'POST',
        url: `${gatewayPaths.routes('tenant-001')}/${route.lineageId}/disable`,
      });
      const config = parse((await ctx().get(declarative)).body) as KongFile;
      expect(config.services.flatMap((s) => s.routes.map((r) => r.paths[0]))).not.toContain('/temporary');
      const empty = parse((await ctx().get(gatewayPaths.declarative('tenant-001', 'uat'))).body) as KongFile;
      expect(empty).toEqual({
        _format_version: '3.0',
        _info: { select_tags: ['tenant:tenant-001', 'environment:uat'] },
        services: [],
      });
      expect((await ctx().get(gatewayPaths.declarative('tenant-404', 'uat'))).statusCode).toBe(404);
      expect((await ctx().get(gatewayPaths.declarative('tenant-001', 'staging'))).statusCode).toBe(400);
    });

    it('offers two targets: decK (the default, with _info.select_tags) and DB-less (without), named in the file name', async () => {
      await createRoute({ path: '/targets/{id}', methods: ['GET'], targetService: 'targets:80' });
      const deck = await ctx().get(`${declarative}?target=deck`);
      expect(deck.statusCode, deck.body).toBe(200);
      expect(deck.headers['content-disposition']).toBe(
        'attachment; filename="kong-deck-tenant-001-production.yaml"',
      );
      expect((await ctx().get(declarative)).body).toBe(deck.body);
      const deckConfig: unknown = parse(deck.body);
      expect(kongProblems(deckConfig, 'deck')).toEqual([]);

      const dbless = await ctx().inject({
        method: 'GET',
        url: `${declarative}?target=dbless`,
        headers: { accept: 'application/json' },
      });
      expect(dbless.statusCode, dbless.body).toBe(200);
      expect(dbless.headers['content-disposition']).toBe(
        'attachment; filename="kong-dbless-tenant-001-production.json"',
      );
      const dblessConfig: unknown = dbless.json();
      expect(kongProblems(dblessConfig, 'dbless')).toEqual([]);
      expect(Object.keys(dbless.json()).sort()).toEqual(['_format_version', 'services']);
      expect(dbless.json().services).toEqual((deckConfig as KongFile).services);

      const bad = await ctx().get(`${declarative}?target=konnect`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['querystring.target']);
    });

    it('refuses routes Kong cannot load: a parameter name over 32 characters or named twice, a target host Kong refuses', async () => {
      const cases: [object, string, RegExp][] = [
        [{ path: `/orders/{${'a'.repeat(33)}}` }, 'body.path', /longer than 32 characters/],
        [{ path: '/orders/{id}/lines/{id}' }, 'body.path', /appears twice/],
        [{ targetService: 'https://orders_svc/api' }, 'body.targetService', /not a host name/],
        [{ targetService: 'http://orders:0' }, 'body.targetService', /port/],
      ];
      for (const [fields, field, message] of cases) {
        const res = await ctx().inject({
          method: 'POST',
          url: gatewayPaths.routes('tenant-001'),
          payload: {
            capabilityId: 'api-001',
            environment: 'production',
            path: '/refused',
            methods: ['GET'],
            targetService: 'x:80',
            ...fields,
          },
        });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        const issues = res.json().issues as { path: string; message: string }[];
        expect(issues.map((i) => i.path)).toEqual([field]);
        expect(issues[0]?.message).toMatch(message);
      }
      await createRoute({ path: `/orders/{${'a'.repeat(32)}}/x`, methods: ['GET'], targetService: 'x:80' });
    });

    it('serves the active, enabled policies as a byte-deterministic OPA bundle, checked file by file', async () => {
      const authz = await createPolicy({
        name: 'Orders',
        policyContent: 'package tenants.acme.orders\n\ndefault allow := false\n',
      });
      await createPolicy({
        name: 'Orders filter',
        policyType: 'data-filter',
        policyContent: '# filters\npackage tenants.acme.orders.filter\n\nfields := ["id"]\n',
      });
      await createPolicy({ name: 'Draft', enabled: false, policyContent: 'package tenants.acme.draft\n' });

      const res = await ctx().get(bundle);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="opa-bundle-tenant-001-production.tar.gz"',
      );
      const archive = res.rawPayload;
      expect(res.headers.etag).toBe(`"${createHash('sha256').update(archive).digest('hex')}"`);

      const entries = await untar(archive);
      expect(entries.map((e) => e.name)).toEqual([
        '.manifest',
        'resource_manager/tenant-001/production/data.json',
        'tenants/acme/identity/policy.rego',
        'tenants/acme/orders/filter/policy.rego',
        'tenants/acme/orders/policy.rego',
      ]);
      for (const entry of entries) {
        expect(entry.type).toBe('file');
        expect(entry.mode).toBe(0o644);
        expect(entry.mtime?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
      }
      const file = (name: string) => entries.find((e) => e.name === name)?.content;
      expect(file('tenants/acme/orders/policy.rego')).toBe(authz.policyContent);
      expect(file('tenants/acme/orders/filter/policy.rego')).toBe(
        '# filters\npackage tenants.acme.orders.filter\n\nfields := ["id"]\n',
      );
      expect(file('tenants/acme/identity/policy.rego')).toBe(
        'package tenants.acme.identity\n\ndefault allow := false\n',
      );
      const manifest = JSON.parse(file('.manifest') ?? '');
      // Nested packages fold into their parent root: OPA refuses overlapping roots.
      expect(manifest).toEqual({
        revision: expect.stringMatching(/^[0-9a-f]{64}$/),
        roots: ['resource_manager/tenant-001/production', 'tenants/acme/identity', 'tenants/acme/orders'],
        rego_version: 1,
        metadata: { tenant: 'tenant-001', environment: 'production' },
      });
      const data = JSON.parse(file('resource_manager/tenant-001/production/data.json') ?? '');
      expect(data.tenant).toEqual({ id: 'tenant-001', name: 'Acme Corp' });
      expect(data.environment).toBe('production');
      expect(data.policies.map((p: { package: string; version: number }) => [p.package, p.version])).toEqual([
        ['tenants.acme.identity', 1],
        ['tenants.acme.orders', 1],
        ['tenants.acme.orders.filter', 1],
      ]);
      // The revision is the content hash: the same content gives the same revision and bytes.
      const again = await ctx().get(bundle);
      expect(Buffer.compare(again.rawPayload, archive)).toBe(0);
      expect(again.headers.etag).toBe(res.headers.etag);
    });

    it('answers 304 without a body to If-None-Match with the current ETag, and a new ETag after a change', async () => {
      const first = await ctx().get(bundle);
      const etag = String(first.headers.etag);
      const unchanged = await ctx().inject({
        method: 'GET',
        url: bundle,
        headers: { 'if-none-match': etag },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
      const listed = await ctx().inject({
        method: 'GET',
        url: bundle,
        headers: { 'if-none-match': `"other", W/${etag}` },
      });
      expect(listed.statusCode).toBe(304);
      const stale = await ctx().inject({
        method: 'GET',
        url: bundle,
        headers: { 'if-none-match': '"stale"' },
      });
      expect(stale.statusCode).toBe(200);

      await createPolicy({ name: 'New', policyContent: 'package tenants.acme.added\n' });
      const changed = await ctx().inject({ method: 'GET', url: bundle, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      const revisionOf = async (archive: Buffer) =>
        JSON.parse((await untar(archive)).find((e) => e.name === '.manifest')?.content ?? '').revision;
      expect(await revisionOf(changed.rawPayload)).not.toBe(await revisionOf(first.rawPayload));
    });

    it('documents the gateway endpoints in the OpenAPI document under their tags', async () => {
      const doc = (await ctx().get('/api/docs/json')).json();
      const routes = doc.paths['/api/tenants/{tenantId}/gateway-routes/{lineageId}/versions'];
      expect(routes.post.tags).toEqual(['gateway routes']);
      expect(routes.post.responses).toHaveProperty('412');
      expect(doc.paths['/api/tenants/{tenantId}/opa-policies'].get.tags).toEqual(['opa policies']);
      expect(
        doc.paths['/api/tenants/{tenantId}/policies/{environment}/bundle.tar.gz'].get.responses,
      ).toHaveProperty('304');
      expect(doc.paths['/api/tenants/{tenantId}/gateway/{environment}/declarative'].get).toBeDefined();
    });

    it('needs read permission on the tenant', async () => {
      const member = await sessionCookieFor(ctx().db, {
        id: 'a-member',
        email: 'am@a.io',
        roles: { 'tenant-001': 'member' },
      });
      const outsider = await sessionCookieFor(ctx().db, {
        id: 'a-out',
        email: 'ao@b.io',
        roles: { 'tenant-002': 'owner' },
      });
      for (const url of [declarative, bundle]) {
        expect((await ctx().inject({ method: 'GET', url, headers: { cookie: member } })).statusCode).toBe(
          200,
        );
        expect((await ctx().inject({ method: 'GET', url, headers: { cookie: outsider } })).statusCode).toBe(
          404,
        );
        expect((await ctx().inject({ method: 'GET', url, headers: { cookie: '' } })).statusCode).toBe(401);
      }
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertGatewayFixtures(db);
  },
);
