import { getTableColumns } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Change } from '../../contract/changes';
import { capabilityDeployments, microfrontendDeployments } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';

/*
 * "Everything served is fingerprinted": a reviewer approves the diff they saw, so any change to what a
 * deployment serves between request and approval must make the request stale. Each slot column is either
 * served (it changes what users get) or not; a new column fails the first test until it is put in one
 * list, and a served one then needs a mutation below that changes it, which must make every kind stale.
 */
const SERVED = {
  microfrontend: ['status', 'trafficPercentage', 'versionId', 'deployedUrl'],
  capability: ['status', 'trafficPercentage', 'version', 'endpoint', 'deployedUrl'],
} as const;
/** Identity (which slot of what), health monitoring and bookkeeping: none of it changes what is served. */
const NOT_SERVED = [
  'id',
  'environment',
  'slot',
  'microfrontendId',
  'capabilityId',
  'healthStatus',
  'healthCheckUrl',
  'healthReason',
  'healthCheckIntervalSeconds',
  'healthFailures',
  'healthSuccesses',
  'nextHealthCheckAt',
  'lastHealthCheck',
  'deployedAt',
  'deployedBy',
  'activatedAt',
  'activatedBy',
];

/** Health is not under test here: its switches pass the health gate by force (a global administrator's). */
const FORCED = { force: true, forceReason: 'Fingerprints under test, not health' };

/** The entry URL of the fixtures' mfv-1 (mfv-2 has none). */
const MFV_1_URL = 'https://cdn.example.com/d/1.0.0/remoteEntry.js';

type Resource = keyof typeof SERVED;
type SlotRow = Record<string, unknown> & { slot: string; status: string; trafficPercentage: number };

describeApi(
  'change requests: every served deployment field is fingerprinted',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const slotsPath = (resource: Resource, id: string, environment: string) =>
      resource === 'microfrontend'
        ? `/api/deployments/microfrontend/${id}/environment/${environment}`
        : `/api/capability-deployments/capability/${id}/environment/${environment}`;
    const slots = async (resource: Resource, id: string, environment: string) =>
      (await cr.call('GET', slotsPath(resource, id, environment))).json() as SlotRow[];

    /** The served fields that differ between two reads of the slots, slot by slot. */
    const changedServed = (resource: Resource, before: SlotRow[], after: SlotRow[]) => {
      const changed = new Set<string>();
      for (const slot of ['blue', 'green']) {
        const a = before.find((r) => r.slot === slot);
        const b = after.find((r) => r.slot === slot);
        for (const field of SERVED[resource]) if (a?.[field] !== b?.[field]) changed.add(field);
      }
      return changed;
    };

    interface Target {
      resource: Resource;
      id: string;
      environment: 'uat' | 'production';
    }
    const idle = (rows: SlotRow[]) =>
      rows.find((r) => !(r.status === 'active' && r.trafficPercentage === 100));

    /** The normal API's ways to change what a target serves (none needs the request under test). */
    const mutations = (t: Target): { name: string; run: () => Promise<void> }[] => {
      const deploy = (body: object) =>
        cr.call(
          'POST',
          t.resource === 'microfrontend' ? '/api/deployments/deploy' : '/api/capability-deployments/deploy',
          { ...body, environment: t.environment },
        );
      const switchChange: Change =
        t.resource === 'microfrontend'
          ? {
              kind: 'microfrontend_deployment.switch',
              body: { microfrontendId: t.id, environment: t.environment, ...FORCED },
            }
          : {
              kind: 'capability_deployment.switch',
              body: { capabilityId: t.id, environment: t.environment, ...FORCED },
            };
      const expectOk = async (res: Awaited<ReturnType<typeof deploy>>) =>
        expect(res.statusCode, res.body).toBe(200);
      if (t.resource === 'microfrontend') {
        return [
          {
            name: 'another published version deployed to the idle slot',
            run: async () => {
              const versionId = idle(await slots(t.resource, t.id, t.environment))?.versionId;
              const other = versionId === 'mfv-1' ? 'mfv-2' : 'mfv-1';
              await expectOk(await deploy({ microfrontendId: t.id, versionId: other }));
            },
          },
          {
            name: 'a version with another entry URL deployed to the idle slot',
            run: async () => {
              const url = idle(await slots(t.resource, t.id, t.environment))?.deployedUrl;
              // mfv-1 has an entry URL and mfv-2 none: one of them always lands another URL.
              const other = url === MFV_1_URL ? 'mfv-2' : 'mfv-1';
              await expectOk(await deploy({ microfrontendId: t.id, versionId: other }));
            },
          },
          { name: 'the slots switched', run: () => cr.bypass(switchChange) },
        ];
      }
      return [
        {
          name: 'a new version deployed to the idle slot, same endpoint',
          run: async () => {
            const row = idle(await slots(t.resource, t.id, t.environment));
            const version = `${String(row?.version)}.1`;
            await expectOk(await deploy({ capabilityId: t.id, version, endpoint: row?.endpoint ?? null }));
          },
        },
        {
          name: 'the same version redeployed to the idle slot with a new endpoint',
          run: async () => {
            const row = idle(await slots(t.resource, t.id, t.environment));
            const endpoint = `https://elsewhere.example.com/${Date.now()}`;
            await expectOk(await deploy({ capabilityId: t.id, version: row?.version, endpoint }));
          },
        },
        { name: 'the slots switched', run: () => cr.bypass(switchChange) },
      ];
    };

    /**
     * For each mutation: request the change, mutate, and the request must be stale. Answers which served
     * fields the mutations changed, so the caller can check that every one was exercised.
     */
    const staleAfterEachMutation = async (t: Target, change: () => Change) => {
      const exercised = new Set<string>();
      for (const mutation of mutations(t)) {
        const id = await cr.request(change());
        await cr.expectFresh(id, `${change().kind}, before: ${mutation.name}`);
        const before = await slots(t.resource, t.id, t.environment);
        await mutation.run();
        const after = await slots(t.resource, t.id, t.environment);
        const changed = changedServed(t.resource, before, after);
        expect(changed.size, `${mutation.name} changed nothing served`).toBeGreaterThan(0);
        changed.forEach((field) => exercised.add(field));
        await cr.expectStale(id, `${change().kind} after: ${mutation.name}`);
        expect((await cr.cancel(id)).statusCode).toBe(200);
      }
      return exercised;
    };

    beforeAll(async () => {
      // The platform's UAT asks for an approval too in this suite, so its requests wait.
      const raised = await cr.call('PUT', '/api/approval-policy', {
        requiredApprovals: { development: 0, uat: 1, production: 1 },
      });
      expect(raised.statusCode).toBe(200);
    });

    it('sorts every slot column into served or not (a new column must be listed)', () => {
      const columns = (table: typeof microfrontendDeployments | typeof capabilityDeployments) =>
        Object.keys(getTableColumns(table)).sort();
      const listed = (resource: Resource) =>
        [
          ...SERVED[resource],
          ...NOT_SERVED.filter((c) => c !== (resource === 'capability' ? 'microfrontendId' : 'capabilityId')),
        ].sort();
      expect(listed('microfrontend')).toEqual(columns(microfrontendDeployments));
      expect(listed('capability')).toEqual(columns(capabilityDeployments));
    });

    it('re-creates the endpoint swap: the idle slot redeployed with a new endpoint makes the switch stale', async () => {
      const target = { capabilityId: 'api-001', environment: 'uat' } as const;
      const reviewed = 'https://reviewed.example.com/identity';
      expect(
        (
          await cr.call('POST', '/api/capability-deployments/deploy', {
            ...target,
            version: '1.1.0',
            endpoint: reviewed,
          })
        ).statusCode,
      ).toBe(200);
      const id = await cr.request({ kind: 'capability_deployment.switch', body: { ...target, ...FORCED } });
      const diff = (await cr.detail(id)).json().diff;
      expect(JSON.stringify(diff)).toContain(reviewed);
      // After the request, the same version again with an endpoint nobody reviewed.
      const swapped = await cr.call('POST', '/api/capability-deployments/deploy', {
        ...target,
        version: '1.1.0',
        endpoint: 'https://unreviewed.example.com/identity',
      });
      expect(swapped.statusCode).toBe(200);
      await cr.expectStale(id, 'the endpoint changed after the request');
      const live = (await slots('capability', 'api-001', 'uat')).find((r) => r.status === 'active');
      expect(live).toMatchObject({ slot: 'blue', version: '1.0.0' });
      expect((await cr.cancel(id)).statusCode).toBe(200);
    });

    it.each([
      ['microfrontend', 'mfe-1', 'production'],
      ['capability', 'api-001', 'uat'],
    ] as const)('a %s slot switch goes stale on every served field', async (resource, id, environment) => {
      const change = (): Change =>
        resource === 'microfrontend'
          ? { kind: 'microfrontend_deployment.switch', body: { microfrontendId: id, environment, ...FORCED } }
          : { kind: 'capability_deployment.switch', body: { capabilityId: id, environment, ...FORCED } };
      const exercised = await staleAfterEachMutation({ resource, id, environment }, change);
      expect([...exercised].sort()).toEqual([...SERVED[resource]].sort());
    });

    it.each([
      ['microfrontend', 'mfe-1', 'production'],
      ['capability', 'api-001', 'uat'],
    ] as const)('a %s deployment goes stale on every served field', async (resource, id, environment) => {
      const change = (): Change =>
        resource === 'microfrontend'
          ? {
              kind: 'microfrontend_deployment.deploy',
              body: { microfrontendId: id, environment, versionId: 'mfv-2' },
            }
          : {
              kind: 'capability_deployment.deploy',
              body: {
                capabilityId: id,
                environment,
                version: '7.0.0',
                endpoint: 'https://reviewed.example.com',
              },
            };
      const exercised = await staleAfterEachMutation({ resource, id, environment }, change);
      expect([...exercised].sort()).toEqual([...SERVED[resource]].sort());
    });

    it.each([
      ['microfrontend', 'mfe-1', 'uat'],
      ['capability', 'api-002', 'uat'],
    ] as const)(
      'a first %s deployment goes stale when another one landed first',
      async (resource, id, environment) => {
        const change = (version: string): Change =>
          resource === 'microfrontend'
            ? {
                kind: 'microfrontend_deployment.deploy',
                body: { microfrontendId: id, environment, versionId: version },
              }
            : {
                kind: 'capability_deployment.deploy',
                body: { capabilityId: id, environment, version, endpoint: null },
              };
        const requested = await cr.request(change(resource === 'microfrontend' ? 'mfv-1' : '1.0.0'));
        const before = await slots(resource, id, environment);
        await cr.bypass(change(resource === 'microfrontend' ? 'mfv-2' : '2.0.0'));
        const changed = changedServed(resource, before, await slots(resource, id, environment));
        expect(changed.size).toBeGreaterThan(0);
        await cr.expectStale(requested, 'another first deployment went live');
      },
    );
  },
  insertFixtures,
);
