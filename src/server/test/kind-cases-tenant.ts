import { eq } from 'drizzle-orm';
import { subscriptionIdFor, type SubscriptionKey } from '../../contract/capability-subscriptions';
import { createSubscription, deleteSubscription } from '../capabilities/subscriptions-service';
import { createVersion } from '../capabilities/versions-service';
import { createWebApp, deleteWebApp } from '../web-apps/service';
import { capabilitySubscriptions, capabilitySubscriptionVersions } from '../db/schema';
import type { ApiContext } from './api-harness';
import { apiCalls, comparable, TEST_ACTOR, type Ids, type KindCase } from './kind-cases';

/** The tenant kinds a plan files (groups: web apps and tenant fields), as cases of plan-kinds.test.ts. */
export function tenantKindCases(ctx: () => ApiContext): Record<string, KindCase> {
  const { send, read, list } = apiCalls(ctx);
  const app = (name: string, extra: object = {}) => ({
    tenantId: 'tenant-001',
    name,
    technology: 'web-component' as const,
    environment: 'production' as const,
    url: 'https://plan.example.com',
    ...extra,
  });
  const appNamed = async (name: string) =>
    (await list(`/api/web-apps?q=${encodeURIComponent(name)}&limit=50`)).find((row) => row.name === name) ??
    null;
  // Production apps: the direct POST and DELETE ask the policy (409), so the writes beside a request
  // run the service the endpoint runs once the policy allows it.
  const newApp = async (name: string) => (await createWebApp(ctx().db, app(name), TEST_ACTOR)).id;
  const tenantFields = (row: Record<string, unknown> | null) =>
    row && { description: row.description, dataClassification: row.dataClassification };

  return { ...webAppCases(), ...subscriptionCases(ctx) };

  function webAppCases(): Record<string, KindCase> {
    return {
      'web_app.create': {
        setup: async (n) => ({ target: `Plan app ${n}`, twin: `Plan twin ${n}` }),
        change: (ids) => ({ kind: 'web_app.create', body: app(ids.target ?? '') }),
        direct: async (ids) => void (await newApp(ids.twin ?? '')),
        state: async (ids, which) => comparable(await appNamed(ids[which] ?? ''), 'name'),
        // Someone makes an app of the same name meanwhile.
        move: async (ids) => void (await newApp(ids.target ?? '')),
        undo: 'restores',
      },
      'web_app.delete': {
        setup: async (n) => ({ target: await newApp(`Doomed ${n}`), twin: await newApp(`Doomed twin ${n}`) }),
        change: (ids) => ({ kind: 'web_app.delete', webAppId: ids.target ?? '' }),
        direct: (ids) => deleteWebApp(ctx().db, ids.twin ?? '', TEST_ACTOR),
        state: async (ids, which) => read(`/api/web-apps/${ids[which]}`),
        move: async (ids) =>
          void (await send('PATCH', `/api/web-apps/${ids.target}`, { description: 'moved' })),
        undo: /comes back only as a new app/,
      },
      'tenant.update': {
        setup: async () => ({ target: 'tenant-001', twin: 'tenant-003' }),
        change: (ids) => ({
          kind: 'tenant.update',
          tenantId: ids.target ?? '',
          body: { description: 'Planned', dataClassification: 'internal' },
        }),
        direct: async (ids) =>
          void (await send('PATCH', `/api/tenants/${ids.twin}`, {
            description: 'Planned',
            dataClassification: 'internal',
          })),
        state: async (ids, which) => tenantFields(await read(`/api/tenants/${ids[which]}`)),
        move: async (ids) =>
          void (await send('PATCH', `/api/tenants/${ids.target}`, { description: 'moved' })),
        undo: 'restores',
      },
    };
  }
}

/** Subscriptions of tenant-001 (target) and tenant-003 (twin) to a capability made for the case. */
function subscriptionCases(ctx: () => ApiContext): Record<string, KindCase> {
  const { send } = apiCalls(ctx);
  const newCapability = async (n: number) =>
    String((await send('POST', '/api/capabilities', { name: `Subscribed ${n}` })).id);
  const key = (ids: Ids, which: 'target' | 'twin'): SubscriptionKey => ({
    tenantId: which === 'target' ? 'tenant-001' : 'tenant-003',
    capabilityId: ids.capability ?? '',
  });
  const place = { environment: 'development' as const, region: 'us-east-1' as const };
  const configure = (k: SubscriptionKey, configuration: string) =>
    createVersion(
      ctx().db,
      { ...k, ...place, subscriptionId: subscriptionIdFor(k.tenantId, k.capabilityId), configuration },
      TEST_ACTOR,
    );
  const state = async (ids: Ids, which: 'target' | 'twin') => {
    const id = subscriptionIdFor(key(ids, which).tenantId, ids.capability ?? '');
    const [row] = await ctx()
      .db.select()
      .from(capabilitySubscriptions)
      .where(eq(capabilitySubscriptions.id, id));
    const held = await ctx()
      .db.select()
      .from(capabilitySubscriptionVersions)
      .where(eq(capabilitySubscriptionVersions.subscriptionId, id));
    return { subscription: comparable(row, 'tenantId'), versions: held.length };
  };
  return {
    'capability_subscription.create': {
      setup: async (n) => ({ capability: await newCapability(n) }),
      change: (ids) => ({
        kind: 'capability_subscription.create',
        body: { ...key(ids, 'target'), ...place },
      }),
      direct: async (ids) =>
        void (await createSubscription(ctx().db, { ...key(ids, 'twin'), ...place }, TEST_ACTOR)),
      state,
      // Its first configuration version subscribes the tenant meanwhile.
      move: async (ids) => void (await configure(key(ids, 'target'), '{}')),
      environment: 'development',
      undo: 'restores',
    },
    'capability_subscription.delete': {
      async setup(n) {
        const capability = await newCapability(n);
        for (const which of ['target', 'twin'] as const) await configure(key({ capability }, which), '{}');
        return { capability };
      },
      change: (ids) => ({ kind: 'capability_subscription.delete', ...key(ids, 'target') }),
      direct: (ids) => deleteSubscription(ctx().db, key(ids, 'twin'), TEST_ACTOR),
      state,
      move: async (ids) => void (await configure(key(ids, 'target'), '{"moved":true}')),
      environment: 'development',
      undo: /configuration versions are deleted with it/,
    },
  };
}
