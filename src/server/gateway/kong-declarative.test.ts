import { describe, expect, it } from 'vitest';
import type { GatewayRoute, RouteMethod } from '../../contract/gateway';
import { kongDeclarative, kongPath } from './kong-declarative';
import { splitTargets, type CapabilitySlot } from './kong-upstreams';
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

describe('Kong upstreams of a capability split between its slots', () => {
  const slot = (
    name: 'blue' | 'green',
    trafficPercentage: number,
    endpoint: string | null,
    status = 'active',
  ): CapabilitySlot => ({ slot: name, status, trafficPercentage, endpoint, deployedUrl: endpoint });
  const routes = [
    route('/orders', 'svc-a:8080'),
    route('/orders/{id}', 'https://svc-b/api', ['GET', 'DELETE']),
    route('/other', 'other:80', ['GET'], 'other'),
  ];

  it('gives each service of the split capability an upstream of the weighted slots, its host the upstream name', () => {
    const targets = splitTargets([
      slot('green', 10, 'https://green.orders.internal'),
      slot('blue', 90, 'http://blue.orders.internal:8080/v1'),
    ]);
    expect(targets).toEqual([
      { slot: 'blue', target: 'blue.orders.internal:8080', weight: 90 },
      { slot: 'green', target: 'green.orders.internal:443', weight: 10 },
    ]);
    const splits = new Map([['cap', targets ?? []]]);
    const deck = kongDeclarative(tenant, 'uat', routes, 'deck', splits);
    const dbless = kongDeclarative(tenant, 'uat', routes, 'dbless', splits);
    expect(kongProblems(JSON.parse(JSON.stringify(deck)), 'deck')).toEqual([]);
    expect(kongProblems(JSON.parse(JSON.stringify(dbless)), 'dbless')).toEqual([]);
    expect(dbless.upstreams).toEqual(deck.upstreams);

    const upstreams = deck.upstreams ?? [];
    expect(upstreams).toHaveLength(2);
    for (const upstream of upstreams) {
      expect(upstream.name).toMatch(/^t1\.uat\.cap\..*\.[0-9a-f]{10}\.upstream$/);
      expect(upstream.tags).toEqual(['tenant:t1', 'environment:uat', 'capability:cap']);
      expect(upstream.targets).toEqual([
        { target: 'blue.orders.internal:8080', weight: 90, tags: [...upstream.tags, 'slot:blue'] },
        { target: 'green.orders.internal:443', weight: 10, tags: [...upstream.tags, 'slot:green'] },
      ]);
    }
    // The scheme and path stay the route target's; the host and port become the upstream's name.
    const urls = deck.services.map((s) => [s.routes[0]?.paths[0], s.url]);
    const [first, second] = upstreams.map((u) => u.name);
    expect(urls).toEqual(
      expect.arrayContaining([
        ['/orders', `http://${first ?? ''}`],
        ['~/orders/(?<id>[^/]+)$', `https://${second ?? ''}/api`],
        ['/other', 'http://other'],
      ]),
    );
    // Service and route names do not move when a split starts or ends.
    const plain = kongDeclarative(tenant, 'uat', routes);
    expect(deck.services.map((s) => s.name)).toEqual(plain.services.map((s) => s.name));
    expect(routeNames(deck)).toEqual(routeNames(plain));
  });

  it('leaves the file as it was with one live slot, an idle one, a zero weight or an address Kong cannot take', () => {
    const plain = kongDeclarative(tenant, 'uat', routes);
    expect('upstreams' in plain).toBe(false);
    const unsplit = [
      [slot('blue', 100, 'blue:80'), slot('green', 0, 'green:80', 'inactive')],
      [slot('blue', 100, 'blue:80'), slot('green', 0, 'green:80')],
      [slot('blue', 100, 'blue:80')],
      [slot('blue', 90, 'blue:80'), slot('green', 10, null)],
      [slot('blue', 90, 'blue:80'), slot('green', 10, 'bad host!')],
      [slot('blue', 90, 'blue:80'), slot('green', 10, 'ftp://green')],
      [slot('blue', 90, 'http://same:80'), slot('green', 10, 'same')],
    ];
    for (const slots of unsplit) {
      expect(splitTargets(slots), JSON.stringify(slots)).toBeUndefined();
    }
    expect(kongDeclarative(tenant, 'uat', routes, 'deck', new Map())).toEqual(plain);
    // A split of a capability without routes in the file adds nothing.
    const elsewhere = new Map([['nobody', [{ slot: 'blue' as const, target: 'b:80', weight: 100 }]]]);
    expect(kongDeclarative(tenant, 'uat', routes, 'deck', elsewhere)).toEqual(plain);
  });

  it('keeps upstream names apart across tenants sharing one Kong', () => {
    const targets = splitTargets([slot('blue', 50, '10.0.0.1:8080'), slot('green', 50, '10.0.0.2:8080')]);
    const splits = new Map([['cap', targets ?? []]]);
    const one = kongDeclarative(tenant, 'uat', routes, 'dbless', splits);
    const two = kongDeclarative({ id: 't2', name: 'T2' }, 'uat', routes, 'dbless', splits);
    expect(one.upstreams?.[0]?.targets.map((t) => t.target)).toEqual(['10.0.0.1:8080', '10.0.0.2:8080']);
    expect(sharedKongProblems([checkedKongDocument(one), checkedKongDocument(two)])).toEqual([]);
    expect(sharedKongProblems([checkedKongDocument(one), checkedKongDocument(one)])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^upstream name .* is in two files$/)]),
    );
  });

  it('is checked: weights adding up to other than 100, names twice or unused, missing tags, bad targets', () => {
    const targets = splitTargets([slot('blue', 70, 'blue:80'), slot('green', 30, 'green:80')]);
    const doc = kongDeclarative(tenant, 'uat', routes, 'deck', new Map([['cap', targets ?? []]]));
    const [upstream] = doc.upstreams ?? [];
    if (!upstream) throw new Error('no upstream');
    const broken = {
      ...doc,
      upstreams: [
        ...(doc.upstreams ?? []),
        { ...upstream },
        {
          name: '10.0.0.9',
          tags: ['tenant:t1'],
          targets: [
            { target: 'a_b-:80', weight: 60, tags: ['tenant:t1', 'environment:uat'] },
            { target: 'c', weight: 70_000, tags: ['tenant:t1', 'environment:uat'] },
          ],
        },
      ],
    };
    const problems = kongProblems(broken, 'deck');
    expect(problems).toEqual(
      expect.arrayContaining([
        `upstream name ${upstream.name} is used twice`,
        'upstream name 10.0.0.9 is an address, not a name',
        'upstream 10.0.0.9: lacks select tag environment:uat',
        'upstream 10.0.0.9: target a_b-:80: invalid host a_b-',
        'upstream 10.0.0.9: target c is not host:port',
        'upstream 10.0.0.9: target c weight 70000 is not 0..65535',
        'upstream 10.0.0.9: target weights add up to 70060, not 100',
        "upstream 10.0.0.9 is no service's host",
      ]),
    );
    const dangling = { ...doc, upstreams: [] };
    expect(kongProblems(dangling, 'deck')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^service host .*\.upstream names no upstream$/)]),
    );
  });
});
