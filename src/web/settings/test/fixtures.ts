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

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

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

export const apiError = (status: number, message: string, code = 'CONFLICT') =>
  Response.json({ message, code }, { status });
