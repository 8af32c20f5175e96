import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { ErrorBody, PreconditionFailedBody } from '@contract/errors';

/**
 * A failed call (docs/product.md, Errors): the message is `<status>: <body text or status text>`.
 * The status and the parsed server body ride along so callers need not parse the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | null;
  /** The response body as text; empty when there was none (the message then carries the status text). */
  readonly bodyText: string;

  constructor(status: number, text: string, body: Partial<ErrorBody> | null, bodyText = text) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.bodyText = bodyText;
  }
}

/** Longest plain-text body a toast shows; proxies' error pages can be long. */
const MAX_TEXT_MESSAGE = 300;

/**
 * The words of a body that is not JSON, as proxies and load balancers send them ("Upstream proxy timed
 * out"): the text itself, or an HTML page's title; empty for a JSON body or a page with no title.
 */
function plainTextOf(error: ApiError): string {
  if (error.body !== null) return '';
  const text = error.bodyText.trim();
  const html = /^<(?:!doctype|html|head|body)\b/i.test(text);
  const words = html ? (/<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ?? '') : text;
  const line = words.replace(/\s+/g, ' ').trim();
  return line.length > MAX_TEXT_MESSAGE ? `${line.slice(0, MAX_TEXT_MESSAGE - 1)}…` : line;
}

/**
 * A 412: the save carried the revision the form loaded (If-Match), and someone else saved since.
 * `current` is the resource as the server holds it now, so the form can show what changed.
 */
export class PreconditionFailedError<T = unknown> extends ApiError {
  readonly currentRevision: number;
  readonly current: T;

  constructor(text: string, body: PreconditionFailedBody<T>) {
    super(412, text, body);
    this.name = 'PreconditionFailedError';
    this.currentRevision = body.currentRevision;
    this.current = body.current;
  }
}

export const isPreconditionFailed = (error: unknown): error is PreconditionFailedError =>
  error instanceof PreconditionFailedError;

function isPreconditionBody(body: Partial<ErrorBody> | null): body is PreconditionFailedBody {
  return (
    body?.code === 'PRECONDITION_FAILED' &&
    'currentRevision' in body &&
    typeof body.currentRevision === 'number'
  );
}

function parseErrorBody(text: string): Partial<ErrorBody> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    // Any object may be an error body: each field is checked where it is read.
    return parsed !== null && typeof parsed === 'object' ? (parsed as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}

/** Throws the API error a failed response stands for (412 with the server's copy as its own kind). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text();
  const body = parseErrorBody(bodyText);
  if (res.status === 412 && isPreconditionBody(body)) throw new PreconditionFailedError(bodyText, body);
  throw new ApiError(res.status, bodyText || res.statusText, body, bodyText);
}

/**
 * How a call reaches the API: the browser's fetch, or in a server render the server itself answering as
 * the visitor (src/web/ssr/render-page.tsx).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Sends every later call through `next` (a server render's, set once for its process). */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

export type RequestOptions = {
  /** The revision the caller loaded: sent as `If-Match: "<revision>"`, so a stale write gets 412. */
  ifMatch?: number;
  /** Ends the call early (unmount, or a time limit the caller sets). */
  signal?: AbortSignal;
};

/** Generic call (docs/product.md, API calls): any method and path, optional JSON body, cookies included. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  { ifMatch, signal }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
  const res = await transport(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** Call a path and parse its JSON reply (typed by the endpoint's module); used by the per-endpoint calls. */
export async function sendJson<T>(
  method: string,
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await apiRequest(method, url, data, options);
  // The caller names the reply's type, the endpoint's contract; the server shaped it by that schema.
  return (await res.json()) as T;
}

/** GET a path and parse its JSON; used by the per-endpoint fetchers. */
export const getJson = <T>(url: string): Promise<T> => sendJson<T>('GET', url);

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default read: GET of the query key's segments joined by '/'; a 401 throws or yields null. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await transport(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    // As sendJson: the caller's contract type, which the server's reply schema shaped.
    return (await res.json()) as T;
  };
}

export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export type QueryClientOptions = {
  /**
   * Called when any query or mutation fails with 401 (the session expired or was ended elsewhere).
   * A query or mutation whose `meta.ignoreUnauthorized` is true (sign-in itself) is left alone.
   */
  onUnauthorized?: () => void;
};

/** No retry, no refetch on focus, no polling, data never stale (docs/product.md, API calls). */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const handle = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (onUnauthorized && isUnauthorized(error) && meta?.ignoreUnauthorized !== true) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The server's `message` from a failed call, for toasts and error states: the JSON body's `message`, or
 * the text of a body that is not JSON (a proxy's "Upstream proxy timed out"); `fallback` when the error
 * carries neither (network failure, empty body, not an API error).
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.body?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
    return plainTextOf(error) || fallback;
  }
  if (error instanceof Error) {
    // An error built elsewhere in the `<status>: <body>` shape.
    const match = /^\d{3}: (.*)$/s.exec(error.message);
    const body = match?.[1] ? parseErrorBody(match[1]) : null;
    if (typeof body?.message === 'string' && body.message.trim() !== '') return body.message;
  }
  return fallback;
}

/**
 * The technical side of a refusal, for a "Details" disclosure beside the plain message: the status and
 * code, then each field issue's path with the validator's own text. Empty for anything but an API error.
 */
export function getErrorDetails(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const code = typeof error.body?.code === 'string' ? ` ${error.body.code}` : '';
  const issues = Array.isArray(error.body?.issues) ? error.body.issues : [];
  const text = plainTextOf(error);
  return [
    `HTTP ${error.status}${code}`,
    ...(text ? [text] : []),
    ...issues.map((issue) => `${issue.path}: ${issue.detail ?? issue.message}`),
  ];
}
