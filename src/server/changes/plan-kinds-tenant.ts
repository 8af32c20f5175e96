import type { ApiContext } from '../test/api-harness';
import { apiCalls, comparable, type KindCase } from '../test/kind-cases';

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
  const newApp = async (name: string) => String((await send('POST', '/api/web-apps', app(name))).id);
  const tenantFields = (row: Record<string, unknown> | null) =>
    row && { description: row.description, dataClassification: row.dataClassification };

  return {
    'web_app.create': {
      setup: async (n) => ({ target: `Plan app ${n}`, twin: `Plan twin ${n}` }),
      change: (ids) => ({ kind: 'web_app.create', body: app(ids.target ?? '') }),
      direct: async (ids) => void (await send('POST', '/api/web-apps', app(ids.twin ?? ''))),
      state: async (ids, which) => comparable(await appNamed(ids[which] ?? ''), 'name'),
      // Someone makes an app of the same name meanwhile.
      move: async (ids) => void (await newApp(ids.target ?? '')),
      undo: 'restores',
    },
    'web_app.delete': {
      setup: async (n) => ({ target: await newApp(`Doomed ${n}`), twin: await newApp(`Doomed twin ${n}`) }),
      change: (ids) => ({ kind: 'web_app.delete', webAppId: ids.target ?? '' }),
      direct: async (ids) => void (await send('DELETE', `/api/web-apps/${ids.twin}`)),
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
      move: async (ids) => void (await send('PATCH', `/api/tenants/${ids.target}`, { description: 'moved' })),
      undo: 'restores',
    },
  };
}
