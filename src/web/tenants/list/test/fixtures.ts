import type { Tenant } from '@contract/tenants';
import { vi } from 'vitest';

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

export function makeTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: 'tenant-001',
    name: 'Acme Corporation',
    description: 'Main production tenant for Acme.',
    status: 'active',
    owner: 'john.doe@acme.com',
    developmentEnabled: true,
    uatEnabled: true,
    productionEnabled: true,
    idpProvider: 'okta',
    idpConfiguration: '{"domain":"acme.okta.com"}',
    authProvider: 'oidc',
    authConfiguration: null,
    apiGatewayConfiguration: '{"rateLimit":1000}',
    policyServerConfiguration: '{"engine":"opa"}',
    dataClassification: 'confidential',
    dataRetentionRequirements: null,
    dataResidency: 'eu-west-1',
    disasterRecoveryRequirements: 'tier-1',
    privacyLaws: null,
    allowedRegions: null,
    environmentRegionPolicies: null,
    blueGreenConfig: null,
    createdAt: '2024-03-15T12:00:00.000Z',
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
