import type { Capability } from '@contract/capabilities';
import type { CapabilityDeployment, MicrofrontendDeployment } from '@contract/deployments';
import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import { vi } from 'vitest';

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
    slug: 'dashboard',
    name: 'Dashboard',
    description: null,
    repository: null,
    createdAt: '2024-03-01T10:00:00.000Z',
    createdBy: null,
  },
  {
    id: 'mfe-002',
    slug: 'billing',
    name: 'Billing',
    description: null,
    repository: null,
    createdAt: '2024-03-01T10:00:00.000Z',
    createdBy: null,
  },
];

export function makeVersion(id: string, version: string, status = 'published'): MicrofrontendVersion {
  return {
    id,
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
  environment: 'production',
  healthCheckUrl: null,
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

/** The inactive green slot. */
export function idleSlot(overrides: Partial<MicrofrontendDeployment> = {}): MicrofrontendDeployment {
  return {
    ...base,
    id: 'mfd-green',
    microfrontendId: 'mfe-001',
    versionId: 'mfv-110',
    slot: 'green',
    status: 'inactive',
    trafficPercentage: 0,
    healthStatus: 'unknown',
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

type StubRequest = { url: string; method: string; body: unknown };
type Handler = ((request: StubRequest) => Response | Promise<Response>) | Response | object;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (no query string): a function, a Response (cloned
 * per call) or a value answered as JSON. Anything else answers 404.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.split('?')[0]}`;
    const handler = handlers[key];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (handler === undefined)
      return Response.json({ message: `No stub for ${key}`, code: 'NOT_FOUND' }, { status: 404 });
    if (typeof handler === 'function') return handler({ url, method, body });
    if (handler instanceof Response) return handler.clone();
    return Response.json(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made so far to `METHOD /path` (query strings kept in url), with parsed bodies. */
export function requestsTo(
  fetchMock: ReturnType<typeof stubApi>,
  method: string,
  path: string,
): StubRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((request) => request.method === method && request.url.split('?')[0] === path);
}

/** A response that never arrives, to see loading states. */
export const never = () => new Promise<Response>(() => {});

export const apiError = (status: number, message: string, issues?: { path: string; message: string }[]) =>
  Response.json({ message, code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', issues }, { status });
