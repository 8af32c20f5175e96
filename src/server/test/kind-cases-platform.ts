import { and, eq } from 'drizzle-orm';
import { capabilityDeployments } from '../db/schema';
import type { ApiContext } from './api-harness';
import { apiCalls, comparable, type Ids, type KindCase } from './kind-cases';

/** The platform kinds a plan files, as cases of changes/plan-kinds.test.ts (global administrators'). */
export function platformKindCases(ctx: () => ApiContext): Record<string, KindCase> {
  const { send, read, list } = apiCalls(ctx);
  const named = async (url: string, key: string, value: string) =>
    (await list(url)).find((row) => row[key] === value) ?? null;
  const newCapability = async (name: string, extra: object = {}) =>
    String((await send('POST', '/api/capabilities', { name, ...extra })).id);
  const twins = async (make: (name: string) => Promise<string>, n: number) => ({
    target: await make(`Target ${n}`),
    twin: await make(`Twin ${n}`),
  });
  /** An edit of the target or twin by its direct endpoint, and the case's read of either by id. */
  const byId =
    (url: string, ...drop: string[]) =>
    async (ids: Ids, which: 'target' | 'twin') =>
      comparable(await read(`${url}/${ids[which]}`), ...drop);
  const edited =
    (url: string, body: object, which: 'target' | 'twin' = 'target') =>
    async (ids: Ids) =>
      void (await send('PATCH', `${url}/${ids[which]}`, body));

  const capability = { description: 'Planned', category: 'Plan', configurationSchema: '{"type":"object"}' };
  const template = (capabilityId: string, name: string) => ({
    capabilityId,
    name,
    language: 'en' as const,
    deliveryChannel: 'email' as const,
    subject: 'Hi',
    content: 'Hello {{name}}',
    variables: ['name'],
  });
  const templated = async (n: number) => {
    const capabilityId = await newCapability(`Templated ${n}`, { supportsNotificationTemplates: true });
    return { capabilityId, target: `Tpl ${n}`, twin: `Tpl twin ${n}` };
  };
  const newTemplate = async (capabilityId: string, name: string) =>
    String((await send('POST', '/api/notification-templates', template(capabilityId, name))).id);
  const newMicrofrontend = async (slug: string) =>
    String((await send('POST', '/api/microfrontends', { slug, name: 'Planned MF' })).id);
  const version = (extra: object) => ({
    version: '2.0.0',
    entryUrl: 'https://cdn.example.com/v2.js',
    exposedModules: '["./App"]',
    ...extra,
  });
  const versionsOf = async (microfrontendId: string) =>
    (await list(`/api/microfrontend-versions/microfrontend/${microfrontendId}`)).map((row) =>
      comparable(row, 'microfrontendId'),
    );

  return {
    'health_check.set': {
      async setup(n) {
        const resourceId = await newCapability(`Probed ${n}`);
        await ctx()
          .db.insert(capabilityDeployments)
          .values(
            (['blue', 'green'] as const).map((slot) => ({
              capabilityId: resourceId,
              environment: 'uat' as const,
              slot,
              version: '1.0.0',
            })),
          );
        return { resourceId, target: 'blue', twin: 'green' };
      },
      change: (ids) => ({
        kind: 'health_check.set',
        body: check(ids, 'target', 'https://probe.example.com/h'),
      }),
      direct: async (ids) =>
        void (await send(
          'PUT',
          '/api/deployment-health-checks',
          check(ids, 'twin', 'https://probe.example.com/h'),
        )),
      async state(ids, which) {
        const [slot] = await ctx()
          .db.select({
            healthCheckUrl: capabilityDeployments.healthCheckUrl,
            interval: capabilityDeployments.healthCheckIntervalSeconds,
            healthStatus: capabilityDeployments.healthStatus,
          })
          .from(capabilityDeployments)
          .where(
            and(
              eq(capabilityDeployments.capabilityId, ids.resourceId ?? ''),
              eq(capabilityDeployments.slot, ids[which] === 'green' ? 'green' : 'blue'),
            ),
          );
        return slot;
      },
      move: async (ids) =>
        void (await send(
          'PUT',
          '/api/deployment-health-checks',
          check(ids, 'target', 'https://moved.example.com/h'),
        )),
      environment: 'uat',
      undo: 'restores',
    },
    'capability.create': {
      setup: async (n) => ({ target: `Planned cap ${n}`, twin: `Planned twin ${n}` }),
      change: (ids) => ({ kind: 'capability.create', body: { name: ids.target ?? '', ...capability } }),
      direct: async (ids) => void (await newCapability(ids.twin ?? '', capability)),
      state: async (ids, which) =>
        comparable(
          await named(
            `/api/capabilities?q=${encodeURIComponent(ids[which] ?? '')}`,
            'name',
            ids[which] ?? '',
          ),
          'name',
        ),
      move: async (ids) => void (await newCapability(ids.target ?? '')),
      undo: /No change deletes a capability/,
    },
    'capability.update': {
      setup: (n) => twins((name) => newCapability(name), n),
      change: (ids) => ({ kind: 'capability.update', capabilityId: ids.target ?? '', body: capability }),
      direct: async (ids) => void (await send('PATCH', `/api/capabilities/${ids.twin}`, capability)),
      state: byId('/api/capabilities', 'name'),
      move: edited('/api/capabilities', { category: 'moved' }),
      undo: 'restores',
    },
    'notification_template.create': {
      setup: templated,
      change: (ids) => ({
        kind: 'notification_template.create',
        body: template(ids.capabilityId ?? '', ids.target ?? ''),
      }),
      direct: async (ids) => void (await newTemplate(ids.capabilityId ?? '', ids.twin ?? '')),
      state: async (ids, which) =>
        comparable(
          await named(`/api/notification-templates/capability/${ids.capabilityId}`, 'name', ids[which] ?? ''),
          'name',
        ),
      move: async (ids) => void (await newTemplate(ids.capabilityId ?? '', ids.target ?? '')),
      undo: /No change deletes a notification template/,
    },
    'notification_template.update': {
      async setup(n) {
        const { capabilityId, target, twin } = await templated(n);
        return {
          target: await newTemplate(capabilityId, target),
          twin: await newTemplate(capabilityId, twin),
        };
      },
      change: (ids) => ({
        kind: 'notification_template.update',
        templateId: ids.target ?? '',
        body: { content: 'Bye {{name}}' },
      }),
      direct: edited('/api/notification-templates', { content: 'Bye {{name}}' }, 'twin'),
      state: byId('/api/notification-templates', 'name'),
      move: edited('/api/notification-templates', { subject: 'moved' }),
      undo: 'restores',
    },
    'microfrontend.create': {
      setup: async (n) => ({ target: `plan-new-${n}`, twin: `plan-twin-${n}` }),
      change: (ids) => ({
        kind: 'microfrontend.create',
        body: { slug: ids.target ?? '', name: 'Planned MF' },
      }),
      direct: async (ids) => void (await newMicrofrontend(ids.twin ?? '')),
      state: async (ids, which) =>
        comparable(await named(`/api/microfrontends?q=${ids[which]}`, 'slug', ids[which] ?? ''), 'slug'),
      move: async (ids) => void (await newMicrofrontend(ids.target ?? '')),
      undo: /No change deletes a microfrontend/,
    },
    'microfrontend.update': {
      setup: (n) => twins((name) => newMicrofrontend(name.toLowerCase().replace(' ', '-mf-')), n),
      change: (ids) => ({
        kind: 'microfrontend.update',
        microfrontendId: ids.target ?? '',
        body: { description: 'Edited' },
      }),
      direct: edited('/api/microfrontends', { description: 'Edited' }, 'twin'),
      state: byId('/api/microfrontends', 'slug'),
      move: edited('/api/microfrontends', { name: 'moved' }),
      undo: 'restores',
    },
    'microfrontend_version.status': {
      async setup(n) {
        const slug = `plan-published-${n}`;
        const [target, twin] = [
          await newMicrofrontend(slug),
          await newMicrofrontend(`plan-published-twin-${n}`),
        ];
        const draft = version({ integrityHash: 'sha256-abc=' });
        const add = async (microfrontendId: string) =>
          String((await send('POST', '/api/microfrontend-versions', { ...draft, microfrontendId })).id);
        return { slug, target, twin, targetVersion: await add(target), twinVersion: await add(twin) };
      },
      change: (ids) => ({
        kind: 'microfrontend_version.status',
        microfrontendSlug: ids.slug ?? '',
        version: '2.0.0',
        status: 'published',
      }),
      direct: async (ids) =>
        void (await send('POST', `/api/microfrontend-versions/${ids.twinVersion}/publish`)),
      state: async (ids, which) => versionsOf(ids[which] ?? ''),
      move: async (ids) =>
        void (await send('PATCH', `/api/microfrontend-versions/${ids.targetVersion}`, {
          sharedDependencies: '{}',
        })),
      undo: /only moves forward/,
    },
    'microfrontend_version.create': {
      async setup(n) {
        const slug = `plan-versioned-${n}`;
        return {
          slug,
          target: await newMicrofrontend(slug),
          twin: await newMicrofrontend(`plan-versioned-twin-${n}`),
        };
      },
      // The plan names the microfrontend by its slug, as a document does.
      change: (ids) => ({
        kind: 'microfrontend_version.create',
        body: version({ microfrontendSlug: ids.slug }),
      }),
      direct: async (ids) =>
        void (await send('POST', '/api/microfrontend-versions', version({ microfrontendId: ids.twin }))),
      state: async (ids, which) => versionsOf(ids[which] ?? ''),
      move: async (ids) =>
        void (await send('POST', '/api/microfrontend-versions', version({ microfrontendId: ids.target }))),
      undo: /No change deletes a microfrontend version/,
    },
  };
}

const check = (ids: Ids, which: 'target' | 'twin', healthCheckUrl: string) => ({
  resourceType: 'capability' as const,
  resourceId: ids.resourceId ?? '',
  environment: 'uat' as const,
  slot: ids[which] === 'green' ? ('green' as const) : ('blue' as const),
  healthCheckUrl,
  healthCheckIntervalSeconds: 30,
});
