import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import type { MeshManifest, WebAppMesh } from '@contract/web-app-meshes';
import type { Tenant } from '@contract/tenants';
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

export function makeMicrofrontend(overrides: Partial<Microfrontend> = {}): Microfrontend {
  return {
    id: 'mfe-001',
    slug: 'dashboard',
    name: 'Dashboard',
    description: 'Landing dashboard.',
    repository: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}

export function makeVersion(overrides: Partial<MicrofrontendVersion> = {}): MicrofrontendVersion {
  return {
    id: 'mfv-dashboard-1.2.0',
    microfrontendId: 'mfe-001',
    version: '1.2.0',
    status: 'published',
    entryUrl: 'https://cdn.example.com/dashboard/1.2.0/remoteEntry.js',
    moduleType: 'module-federation',
    exposedModules: JSON.stringify(['./App', './Widget']),
    sharedDependencies: null,
    defaultConfig: JSON.stringify({ refresh: 60 }),
    buildMetadata: null,
    integrityHash: 'sha384-abc',
    createdAt: '2024-02-01T00:00:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}

export function makeMesh(overrides: Partial<WebAppMesh> = {}): WebAppMesh {
  return {
    id: 'mesh-001',
    tenantId: 'tenant-001',
    name: 'Customer Portal',
    description: 'The customer-facing shell.',
    menuItems: JSON.stringify([
      { id: 'i1', label: 'Home', microfrontendVersionId: 'mfv-dashboard-1.2.0', config: {}, order: 0 },
      { id: 'i2', label: 'Billing', microfrontendVersionId: 'mfv-billing-2.1.0', config: {}, order: 1 },
    ]),
    createdAt: '2024-05-01T10:00:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}

export function makeManifest(overrides: Partial<MeshManifest> = {}): MeshManifest {
  return {
    meshId: 'mesh-001',
    name: 'Customer Portal',
    tenantId: 'tenant-001',
    items: [
      {
        id: 'i1',
        label: 'Home',
        order: 0,
        microfrontend: { id: 'mfe-001', slug: 'dashboard', name: 'Dashboard' },
        versionId: 'mfv-dashboard-1.2.0',
        version: '1.2.0',
        status: 'published',
        entryUrl: 'https://cdn.example.com/dashboard/1.2.0/remoteEntry.js',
        moduleType: 'module-federation',
        exposedModules: ['./App', './Widget'],
        integrityHash: 'sha384-abc',
        config: { refresh: 30, theme: 'dark' },
      },
      {
        id: 'i2',
        label: 'Billing',
        order: 1,
        microfrontend: { id: 'mfe-002', slug: 'billing', name: 'Billing & Invoices' },
        versionId: 'mfv-billing-2.1.0',
        version: '2.1.0',
        status: 'published',
        entryUrl: 'https://cdn.example.com/billing/2.1.0/remoteEntry.js',
        moduleType: 'web-component',
        exposedModules: ['billing-app'],
        integrityHash: null,
        config: {},
      },
    ],
    ...overrides,
  };
}

export function makeTenant(overrides: Partial<Tenant> = {}): Tenant {
  return { id: 'tenant-001', name: 'Acme Financial Services', ...overrides } as Tenant;
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

/** The requests made so far to `METHOD /path`, with parsed bodies. */
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
  Response.json({ message, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', issues }, { status });
