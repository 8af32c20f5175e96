import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import type { MeshManifest, WebAppMesh } from '@contract/web-app-meshes';
import type { Tenant } from '@contract/tenants';

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
    revision: 1,
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
    revision: 1,
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
    revision: 1,
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
    environment: 'production',
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
        slots: [],
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
        slots: [],
      },
    ],
    ...overrides,
  };
}

export function makeTenant(overrides: Partial<Tenant> = {}): Tenant {
  return { id: 'tenant-001', name: 'Acme Financial Services', ...overrides } as Tenant;
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
