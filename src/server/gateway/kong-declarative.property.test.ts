import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeFieldsSchema, routeMethods, type GatewayRoute, type RouteFields } from '../../contract/gateway';
import { kongDeclarative, kongServiceUrl } from './kong-declarative';
import { splitTargets, type CapabilitySlot, type SplitTarget } from './kong-upstreams';
import { checkedKongDocument, kongProblems, sharedKongProblems } from './kong-validate';
import { checkRouteFields } from './route-rules';

/*
 * Property: whatever routes the API accepts, in whatever mix of capabilities, services and tenants, the
 * declarative file loads in Kong (kong-validate.ts holds Kong's rules). The generators lean on the
 * cases that broke it: paths equal but for case or braces, dots and tildes, long and repeated parameter
 * names, targets that differ only in scheme, port or path, upper-case schemes and hosts. Capabilities
 * may be split between their slots (a rollout), with slot addresses as odd as route targets.
 */

/** Mostly what the API takes, with a share of what it refuses (which must stay refused, or load). */
const mostly = <T>(valid: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: odd });

const literal = mostly(
  fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9\-_.~]{1,10}$/),
    fc.constantFrom('orders', 'Orders', 'ORDERS', 'id', 'v1.0', '~user', 'a.b~c', '...'),
  ),
  fc.constantFrom('.', '..', 'x y', '', 'a{b}', '%41', 'é'),
);
const paramName = mostly(
  fc.oneof(
    fc.constantFrom('id', 'ID', 'Id', 'orderId', '_', 'a'.repeat(32)),
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,31}$/),
  ),
  fc.oneof(fc.constantFrom('b'.repeat(33), '1x', ''), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{32,40}$/)),
);
const segment = fc.oneof(
  { weight: 3, arbitrary: literal },
  { weight: 2, arbitrary: paramName.map((n) => `{${n}}`) },
);
const path = mostly(
  fc.array(segment, { minLength: 0, maxLength: 5 }).map((s) => `/${s.join('/')}`),
  fc.constantFrom('/', '//x', 'x', '/x/', '/x?y=1', '/{id}/{id}', '/a/{id}/{id}'),
);

const host = mostly(
  fc.constantFrom(
    'svc',
    'SVC',
    'svc.internal',
    'Orders.Internal',
    'a-b.c',
    '10.0.0.1',
    'xn--bcher-kva.example',
  ),
  fc.constantFrom('a_b', 'bad!host', 'a..b', '-a', 'a-', 'bücher.example', 'svc.', '[::1]'),
);
const target = fc
  .tuple(
    mostly(
      fc.constantFrom('http://', 'https://', 'HTTP://', 'HtTpS://', ''),
      fc.constantFrom('ftp://', 'http:/'),
    ),
    host,
    mostly(
      fc.constantFrom('', ':1', ':80', ':443', ':8080', ':65535'),
      fc.constantFrom(':0', ':65536', ':x'),
    ),
    mostly(
      fc.constantFrom('', '/', '/api', '/a.b/c~d', '/A', '/v1/'),
      fc.constantFrom('/x%20y', '/x y', '/x|y', '/%zz', '/a/../b', '/é', '/[x]', '?q=1', '#f'),
    ),
  )
  .map(([scheme, name, port, suffix]) => `${scheme}${name}${port}${scheme === '' ? '' : suffix}`);

const fields = fc.record({
  path,
  methods: fc.array(fc.constantFrom(...routeMethods), { minLength: 1, maxLength: 4 }),
  targetService: target,
  authRequired: fc.boolean(),
  rateLimit: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
});
const capabilityIds = ['cap', 'Cap', 'cap-2', 'api.001', 'x_y', 'a b'] as const;
const capability = fc.constantFrom(...capabilityIds);

/** A slot as a rollout (or anything else) may leave it: active or not, any weight, any address. */
const slotState = (name: 'blue' | 'green') =>
  fc.record({
    slot: fc.constant(name),
    status: mostly(fc.constant('active'), fc.constant('inactive')),
    trafficPercentage: fc.integer({ min: 0, max: 100 }),
    endpoint: fc.option(target, { nil: null }),
    deployedUrl: fc.option(target, { nil: null }),
  });
/** Both slots sharing the traffic (weights adding up to 100), or any pair of states. */
const slotPair: fc.Arbitrary<CapabilitySlot[]> = mostly(
  fc
    .tuple(fc.integer({ min: 1, max: 99 }), slotState('blue'), slotState('green'))
    .map(([weight, blue, green]) => [
      { ...blue, status: 'active', trafficPercentage: 100 - weight },
      { ...green, status: 'active', trafficPercentage: weight },
    ]),
  fc.tuple(slotState('blue'), slotState('green')).map((pair) => [...pair]),
);
const splitsArb = fc.array(fc.tuple(capability, slotPair), { maxLength: 4 }).map((pairs) => {
  const splits = new Map<string, SplitTarget[]>();
  for (const [id, slots] of pairs) {
    const targets = splitTargets(slots);
    // The weights of a real split add up to 100 (the rollout's rule); other pairs are no split.
    if (targets && targets.reduce((sum, t) => sum + t.weight, 0) === 100) splits.set(id, targets);
  }
  tally.splits += splits.size;
  return splits;
});

/** The fields as the API stores them, or undefined when the API refuses them (400). */
function accepted(raw: RouteFields): RouteFields | undefined {
  const parsed = routeFieldsSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  try {
    return checkRouteFields(parsed.data);
  } catch {
    return undefined;
  }
}

const tally = { generated: 0, accepted: 0, regex: 0, splits: 0, upstreams: 0 };

function routesOf(tenantId: string, drafts: [string, RouteFields][]): GatewayRoute[] {
  return drafts.flatMap(([capabilityId, raw], i) => {
    tally.generated += 1;
    const ok = accepted(raw);
    if (!ok) return [];
    tally.accepted += 1;
    if (ok.path.includes('{')) tally.regex += 1;
    const lineage = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return [
      {
        ...ok,
        id: `r${i}`,
        lineageId: lineage,
        tenantId,
        capabilityId,
        environment: 'production',
        version: 1 + (i % 3),
        isActive: true,
        createdAt: '2026-01-01T00:00:00Z',
        createdBy: null,
      },
    ];
  });
}

const drafts = fc.array(fc.tuple(capability, fields), { minLength: 1, maxLength: 30 });
const tenantId = fc.constantFrom('tenant-001', 'T1', 't 1', 'tenant,1', 'x'.repeat(200), 'ü');
const hosts = fc.option(
  fc.uniqueArray(fc.constantFrom('api.a.example', 'B.example', 'c'), { minLength: 1 }),
  {
    nil: undefined,
  },
);

describe('Kong declarative file, property-based', () => {
  it('loads in Kong (decK and DB-less) for any routes the API accepts', () => {
    fc.assert(
      fc.property(tenantId, hosts, drafts, splitsArb, (id, tenantHosts, list, splits) => {
        const routes = routesOf(id, list);
        const tenant = { id, name: 'T', ...(tenantHosts ? { hosts: tenantHosts } : {}) };
        for (const target of ['deck', 'dbless'] as const) {
          const file = kongDeclarative(tenant, 'production', routes, target, splits);
          const doc: unknown = JSON.parse(JSON.stringify(file));
          expect(kongProblems(doc, target)).toEqual([]);
          // Every service of a split capability, and only those, goes through an upstream of its own.
          const splitServices = new Set(
            routes
              .filter((r) => splits.has(r.capabilityId))
              .map((r) => JSON.stringify([r.capabilityId, kongServiceUrl(r.targetService)])),
          );
          const viaUpstream = file.services.filter((s) => /^https?:\/\/[^/]*\.upstream(\/|$)/.test(s.url));
          expect(viaUpstream).toHaveLength(splitServices.size);
          expect(file.upstreams?.length ?? 0).toBe(splitServices.size);
          if (target === 'deck') tally.upstreams += file.upstreams?.length ?? 0;
        }
      }),
      { numRuns: 400 },
    );
    // The generators must reach the interesting cases, not only refused input.
    expect(tally.accepted).toBeGreaterThan(tally.generated / 4);
    expect(tally.regex).toBeGreaterThan(100);
    expect(tally.splits).toBeGreaterThan(50);
    expect(tally.upstreams).toBeGreaterThan(50);
  });

  it('lets several tenants share one Kong: no name twice, no request matched by two tenants', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(tenantId, { minLength: 2, maxLength: 3 }),
        drafts,
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        splitsArb,
        (ids, list, hosted, splits) => {
          const docs = ids.map((id, i) => {
            // Hosts of distinct tenants never overlap: the tenant API refuses that (409).
            const tenant = { id, name: id, ...(hosted[i] ? { hosts: [`t${i}.example`] } : {}) };
            const file = kongDeclarative(tenant, 'production', routesOf(id, list), 'deck', splits);
            return checkedKongDocument(file);
          });
          expect(sharedKongProblems(docs)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
