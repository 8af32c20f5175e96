import { describe, expect, it } from 'vitest';
import type { GatewayRoute, RouteMethod } from '../../contract/gateway';
import { kongDeclarative, kongPath } from './kong-declarative';
import { checkedKongDocument, kongPathProblems, kongProblems, sharedKongProblems } from './kong-validate';

let serial = 0;
function route(
  path: string,
  targetService: string,
  methods: RouteMethod[] = ['GET'],
  capabilityId = 'cap',
): GatewayRoute {
  serial += 1;
  return {
    id: `r${serial}`,
    lineageId: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    tenantId: 't1',
    capabilityId,
    environment: 'uat',
    path,
    methods,
    targetService,
    authRequired: true,
    rateLimit: 100,
    version: 1,
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: null,
  };
}

const tenant = { id: 't1', name: 'T1' };
const routeNames = (doc: ReturnType<typeof kongDeclarative>) =>
  doc.services.flatMap((s) => s.routes.map((r) => r.name));

describe('Kong declarative names', () => {
  it('gives routes whose paths differ only in case or braces, on services of one capability, distinct names', () => {
    const routes = [
      route('/orders/{id}', 'svc-a:8080'),
      route('/orders/id', 'svc-b:8080'),
      route('/Orders', 'svc-a:8080'),
      route('/orders', 'svc-b:8080'),
    ];
    const doc = kongDeclarative(tenant, 'uat', routes);
    expect(kongProblems(doc, 'deck')).toEqual([]);
    expect(new Set(routeNames(doc)).size).toBe(4);
    // Deterministic: the same routes in another order give the same document.
    expect(kongDeclarative(tenant, 'uat', [...routes].reverse())).toEqual(doc);
  });

  it('names services injectively: scheme, port and path of the target all count', () => {
    const routes = [
      route('/a', 'http://svc'),
      route('/b', 'https://svc'),
      route('/c', 'http://svc:2'),
      route('/d', 'https://svc/x'),
      route('/e', 'https://svc/y'),
      route('/f', 'HTTP://SVC'),
    ];
    const doc = kongDeclarative(tenant, 'uat', routes);
    expect(kongProblems(doc, 'deck')).toEqual([]);
    const services = doc.services.map((s) => [s.url, s.routes.map((r) => r.paths[0])]);
    // http://svc and HTTP://SVC are one target; each other target is a service of its own.
    expect(services).toHaveLength(5);
    expect(services).toContainEqual(['http://svc', ['/a', '/f']]);
    expect(new Set(doc.services.map((s) => s.name)).size).toBe(5);
    expect(kongDeclarative(tenant, 'uat', [...routes].reverse())).toEqual(doc);
  });

  it('keeps names unique even for routes with identical data (a duplicated lineage)', () => {
    const doc = kongDeclarative(tenant, 'uat', [route('/same', 'svc:1'), route('/same', 'svc:1')]);
    expect(kongProblems(doc, 'deck')).toEqual([]);
    expect(routeNames(doc)).toHaveLength(2);
  });
});

describe('Kong declarative targets', () => {
  it('gives decK its _info.select_tags and DB-less a file without any field it refuses', () => {
    const routes = [route('/orders/{id}', 'https://orders.internal:8443/api')];
    const deck = kongDeclarative(tenant, 'uat', routes, 'deck');
    const dbless = kongDeclarative(tenant, 'uat', routes, 'dbless');
    expect(kongProblems(deck, 'deck')).toEqual([]);
    expect(kongProblems(dbless, 'dbless')).toEqual([]);
    expect(deck._info?.select_tags).toEqual(['tenant:t1', 'environment:uat']);
    expect('_info' in dbless).toBe(false);
    expect(kongProblems(deck, 'dbless')).toEqual(['DB-less refuses the top-level field _info']);
    expect(dbless.services).toEqual(deck.services);
  });
});

describe('Kong regex paths', () => {
  it('escapes literal dots, and names only the groups PCRE accepts (legacy data included)', () => {
    expect(kongPath('/v1.0/{id}')).toBe('~/v1\\.0/(?<id>[^/]+)$');
    expect(kongPath('/plain.json')).toBe('/plain.json');
    const long = `{${'p'.repeat(40)}}`;
    expect(kongPathProblems(kongPath(`/x/${long}`))).toEqual([]);
    expect(kongPathProblems(kongPath('/x/{id}/y/{id}'))).toEqual([]);
    expect(kongPathProblems(kongPath(`/a.b~c/{${'q'.repeat(32)}}`))).toEqual([]);
    expect(new RegExp(kongPath('/a.b/{id}').slice(1)).test('/aXb/1')).toBe(false);
  });
});

describe('Kong tenants on one gateway', () => {
  const routes = [route('/x', 'svc:1'), route('/y/{id}', 'svc:1', ['GET', 'POST'])];

  it("puts the tenant's hosts on every route, lower-cased", () => {
    const doc = kongDeclarative({ ...tenant, hosts: ['API.acme.example.com', 'b.example'] }, 'uat', routes);
    expect(kongProblems(doc, 'deck')).toEqual([]);
    for (const r of doc.services.flatMap((s) => s.routes)) {
      expect(r.hosts).toEqual(['api.acme.example.com', 'b.example']);
      expect(r.headers).toBeUndefined();
    }
  });

  it('matches on x-tenant-id when the tenant has no hosts, so two tenants never match one request', () => {
    const one = kongDeclarative(tenant, 'uat', routes);
    const two = kongDeclarative({ id: 't2', name: 'T2' }, 'uat', routes);
    for (const r of one.services.flatMap((s) => s.routes))
      expect(r.headers).toEqual({ 'x-tenant-id': ['t1'] });
    expect(sharedKongProblems([checkedKongDocument(one), checkedKongDocument(two)])).toEqual([]);
    const hosted = kongDeclarative({ id: 't3', name: 'T3', hosts: ['t3.example'] }, 'uat', routes);
    expect(sharedKongProblems([checkedKongDocument(one), checkedKongDocument(hosted)])).toEqual([]);
  });

  it('gives tenants whose ids differ only in what a tag cannot hold their own select tags', () => {
    const a = kongDeclarative({ id: 'a b', name: 'A' }, 'uat', []);
    const b = kongDeclarative({ id: 'a_b', name: 'B' }, 'uat', []);
    expect(a._info?.select_tags[0]).not.toBe(b._info?.select_tags[0]);
    expect(kongProblems(a, 'deck')).toEqual([]);
  });
});
