import type { Capability } from '@contract/capabilities';
import type { CapabilityDeployment, MicrofrontendDeployment } from '@contract/deployments';
import type {
  Microfrontend,
  MicrofrontendVersion,
  MicrofrontendVersionStatus,
} from '@contract/microfrontends';

// Radix Select and friends use pointer capture and scrollIntoView, which jsdom lacks.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export const microfrontends: Microfrontend[] = [
  {
    id: 'mfe-001',
    revision: 1,
    slug: 'dashboard',
    name: 'Dashboard',
    description: null,
    repository: null,
    createdAt: '2024-03-01T10:00:00.000Z',
    createdBy: null,
  },
  {
    id: 'mfe-002',
    revision: 1,
    slug: 'billing',
    name: 'Billing',
    description: null,
    repository: null,
    createdAt: '2024-03-01T10:00:00.000Z',
    createdBy: null,
  },
];

export function makeVersion(
  id: string,
  version: string,
  status: MicrofrontendVersionStatus = 'published',
): MicrofrontendVersion {
  return {
    id,
    revision: 1,
    microfrontendId: 'mfe-001',
    version,
    status,
    entryUrl: `https://cdn.example.com/dashboard/${version}/remoteEntry.js`,
    moduleType: 'module-federation',
    exposedModules: '["./App"]',
    sharedDependencies: null,
    defaultConfig: null,
    buildMetadata: null,
    integrityHash: 'sha384-abc',
    createdAt: '2024-04-01T10:00:00.000Z',
    createdBy: null,
  };
}

export const capabilities = [
  { id: 'api-001', name: 'Identity & Access Service' },
  { id: 'api-002', name: 'Payments' },
].map((c): Capability => ({
  ...c,
  revision: 1,
  description: null,
  version: '1.0.0',
  status: 'available',
  endpoint: null,
  category: null,
  blueGreenConfig: null,
  configurationSchema: null,
  supportsNotificationTemplates: false,
}));

const base = {
  environment: 'production' as const,
  healthCheckUrl: null,
  healthReason: null,
  healthCheckIntervalSeconds: null,
  lastHealthCheck: null,
  deployedBy: 'admin@example.com',
  activatedBy: null,
};

/** The live blue slot. */
export function liveSlot(overrides: Partial<MicrofrontendDeployment> = {}): MicrofrontendDeployment {
  return {
    ...base,
    id: 'mfd-blue',
    microfrontendId: 'mfe-001',
    versionId: 'mfv-120',
    slot: 'blue',
    status: 'active',
    trafficPercentage: 100,
    healthStatus: 'healthy',
    deployedUrl: 'https://blue.example.com/mfe/dashboard/',
    deployedAt: '2024-05-01T08:00:00.000Z',
    activatedAt: '2024-05-02T09:30:00.000Z',
    ...overrides,
  };
}

/** The inactive green slot, healthy (ready to switch to). */
export function idleSlot(overrides: Partial<MicrofrontendDeployment> = {}): MicrofrontendDeployment {
  return {
    ...base,
    id: 'mfd-green',
    microfrontendId: 'mfe-001',
    versionId: 'mfv-110',
    slot: 'green',
    status: 'inactive',
    trafficPercentage: 0,
    healthStatus: 'healthy',
    deployedUrl: 'https://green.example.com/mfe/dashboard/',
    deployedAt: '2024-04-20T08:00:00.000Z',
    activatedAt: null,
    ...overrides,
  };
}

export function capabilitySlot(overrides: Partial<CapabilityDeployment> = {}): CapabilityDeployment {
  return {
    ...base,
    id: 'capd-blue',
    capabilityId: 'api-001',
    version: '3.2.1',
    endpoint: 'https://api.example.com/identity',
    slot: 'blue',
    status: 'active',
    trafficPercentage: 100,
    healthStatus: 'healthy',
    deployedUrl: 'https://blue.api.example.com/identity/',
    deployedAt: '2024-05-01T08:00:00.000Z',
    activatedAt: '2024-05-02T09:30:00.000Z',
    ...overrides,
  };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';

/**
 * A picker's `GET .../options` answer built from `rows`: ids= picks exact rows, q= filters by label,
 * else the first page; X-Total-Count as the server sends it.
 */
export function optionsOf(rows: { id: string; name: string }[], detail: string | null = null) {
  return ({ url }: { url: string }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const ids = params.getAll('ids');
    const q = params.get('q')?.toLowerCase() ?? '';
    const matches = rows.filter((row) =>
      ids.length > 0 ? ids.includes(row.id) : row.name.toLowerCase().includes(q),
    );
    return Response.json(
      matches.map((row) => ({ id: row.id, label: row.name, detail })),
      { headers: { 'X-Total-Count': String(matches.length) } },
    );
  };
}
