import type { APIRequestContext } from '@playwright/test';
import type { Microfrontend, MicrofrontendVersion } from '../../src/contract/microfrontends';
import { expect } from '../fixtures';

/** A microfrontend of its own with published versions (their ids in order), so reruns start from empty slots. */
export async function registerMicrofrontend(
  request: APIRequestContext,
  stamp: number,
  versions = ['1.0.0', '1.1.0'],
): Promise<Microfrontend & { versionIds: string[] }> {
  const res = await request.post('/api/microfrontends', {
    data: { slug: `e2e-deploy-${stamp}`, name: `E2E Deploy ${stamp}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const microfrontend = (await res.json()) as Microfrontend;
  const versionIds: string[] = [];
  for (const version of versions) {
    const created = await request.post('/api/microfrontend-versions', {
      data: {
        microfrontendId: microfrontend.id,
        version,
        entryUrl: `https://cdn.example.com/e2e-deploy/${version}/remoteEntry.js`,
        exposedModules: '["./App"]',
        integrityHash: `sha384-${Buffer.from(`e2e-${stamp}-${version}`.padEnd(48, '.')).toString('base64')}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as MicrofrontendVersion;
    expect((await request.post(`/api/microfrontend-versions/${id}/publish`)).ok()).toBe(true);
    versionIds.push(id);
  }
  return { ...microfrontend, versionIds };
}

/**
 * A microfrontend of its own with 1.0.0 live in production (its first deployment, applied by the global
 * administrator's bypass) and 2.0.0 on the idle green slot, probed at `healthCheckUrl`.
 */
export async function productionSlots(
  request: APIRequestContext,
  stamp: number,
  healthCheckUrl: string,
): Promise<Microfrontend & { versionIds: string[] }> {
  const mfe = await registerMicrofrontend(request, stamp, ['1.0.0', '2.0.0']);
  const [v1, v2] = mfe.versionIds;
  const first = await request.post('/api/change-requests', {
    data: {
      change: {
        kind: 'microfrontend_deployment.deploy',
        body: { microfrontendId: mfe.id, environment: 'production', versionId: v1 },
      },
      bypassReason: 'E2E set-up',
    },
  });
  expect(first.status(), await first.text()).toBe(201);
  const second = await request.post('/api/deployments/deploy', {
    data: { microfrontendId: mfe.id, environment: 'production', versionId: v2, healthCheckUrl },
  });
  expect(second.status(), await second.text()).toBe(200);
  return mfe;
}
