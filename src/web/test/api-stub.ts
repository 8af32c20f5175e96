import { vi } from 'vitest';
import { errorStatus, type ErrorCode } from '@contract/errors';

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

const codeFor = (status: number): ErrorCode =>
  (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ?? 'INTERNAL';

/** An API error body as the server sends it: {message, code (from the status), issues?}. */
export const apiError = (status: number, message: string, issues?: { path: string; message: string }[]) =>
  Response.json({ message, code: codeFor(status), issues }, { status });
