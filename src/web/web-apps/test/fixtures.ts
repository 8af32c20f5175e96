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

/** Stubs where tenant-001's production needs one approval, and a change request filed as `number`. */
export const productionNeedsApproval = (number: number) => ({
  'GET /api/tenants/tenant-001/approval-policy': {
    tenantId: 'tenant-001',
    requiredApprovals: { development: 0, uat: 0, production: 1 },
    updatedAt: null,
    updatedBy: null,
  },
  // The fields of the answer the dialog reads (its toast).
  'POST /api/change-requests': () =>
    Response.json({ id: `chg-${number}`, number, status: 'pending', requiredApprovals: 1 }, { status: 201 }),
});
