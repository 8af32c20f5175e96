import type { Microfrontend, MicrofrontendListItem, MicrofrontendVersion } from '@contract/microfrontends';

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
    description: 'Landing dashboard with KPIs.',
    repository: 'https://github.com/acme/dashboard',
    createdAt: '2024-03-01T10:00:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}

export function makeVersion(overrides: Partial<MicrofrontendVersion> = {}): MicrofrontendVersion {
  return {
    id: 'mfv-001',
    revision: 1,
    microfrontendId: 'mfe-001',
    version: '1.2.0',
    status: 'published',
    entryUrl: 'https://cdn.example.com/dashboard/1.2.0/remoteEntry.js',
    moduleType: 'module-federation',
    exposedModules: '["./App","./Widget"]',
    sharedDependencies: null,
    defaultConfig: null,
    buildMetadata: null,
    integrityHash: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
    createdAt: '2024-04-01T10:00:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}

/** A row of GET /api/microfrontends: the microfrontend with its newest versions (all of them unless `versionCount` says more). */
export function makeListItem(
  versions: MicrofrontendVersion[] = [],
  overrides: Partial<MicrofrontendListItem> = {},
): MicrofrontendListItem {
  return { ...makeMicrofrontend(overrides), versions, versionCount: versions.length, ...overrides };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
