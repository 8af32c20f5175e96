import type { WebApp } from '@contract/web-apps';

// Radix Select and friends use pointer capture and scrollIntoView, which jsdom lacks.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
// Radix Switch measures its thumb.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export function makeWebApp(overrides: Partial<WebApp> = {}): WebApp {
  return {
    id: 'app-001',
    revision: 1,
    name: 'Customer Portal',
    description: 'Self-service portal for customers.',
    technology: 'module-federation',
    status: 'running',
    tenantId: 'tenant-001',
    environment: 'production',
    region: 'us-east-1',
    url: 'https://portal.acme.com',
    useStandardHeader: true,
    useStandardFooter: false,
    createdAt: '2024-03-15T12:00:00.000Z',
    ...overrides,
  };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
