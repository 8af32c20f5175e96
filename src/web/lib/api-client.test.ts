import type { QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  ApiError,
  createQueryClient,
  getErrorDetails,
  getErrorMessage,
  getQueryFn,
} from '@/lib/api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function context(queryKey: readonly unknown[]) {
  // Only queryKey is read by the query function.
  return { queryKey } as unknown as QueryFunctionContext;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the method, a JSON body and credentials', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/things', { name: 'x' });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
      credentials: 'include',
    });
  });

  it('sends no body or content type without data', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/things/1');
    expect(fetchMock).toHaveBeenCalledWith('/api/things/1', {
      method: 'DELETE',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('fails with "<status>: <body text>" on a non-ok response', async () => {
    const body = JSON.stringify({ message: 'Tenant not found', code: 'NOT_FOUND' });
    stubFetch(new Response(body, { status: 404, statusText: 'Not Found' }));
    await expect(apiRequest('GET', '/api/tenants/x')).rejects.toThrow(`404: ${body}`);
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/ready')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined by slashes, with credentials', async () => {
    const fetchMock = stubFetch(Response.json([{ id: 't1' }]));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/tenants', 't1']));
    expect(fetchMock).toHaveBeenCalledWith('/api/tenants/t1', { credentials: 'include' });
    expect(result).toEqual([{ id: 't1' }]);
  });

  it('yields null on 401 when configured to', async () => {
    stubFetch(new Response('{"message":"Sign in","code":"UNAUTHENTICATED"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/me']))).resolves.toBeNull();
  });

  it('fails on 401 by default', async () => {
    stubFetch(new Response('Unauthorized body', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/me']))).rejects.toThrow(
      '401: Unauthorized body',
    );
  });
});

describe('queryClient defaults', () => {
  it('never retries, refetches on focus, polls or goes stale', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(mutations?.retry).toBe(false);
  });
});

describe('session expiry', () => {
  it('calls onUnauthorized when a query or a mutation fails with 401', async () => {
    stubFetch(new Response('{"message":"Sign in to continue","code":"UNAUTHENTICATED"}', { status: 401 }));
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client.fetchQuery({ queryKey: ['/api/tenants'] }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    stubFetch(new Response('{"message":"Sign in to continue","code":"UNAUTHENTICATED"}', { status: 401 }));
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => apiRequest('POST', '/api/things') })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('leaves other failures and opted-out calls alone', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    stubFetch(new Response('{"message":"Forbidden"}', { status: 403 }));
    await client.fetchQuery({ queryKey: ['/api/audit-events'] }).catch(() => undefined);
    stubFetch(new Response('{"message":"Invalid email or password"}', { status: 401 }));
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => apiRequest('POST', '/api/auth/login', {}),
        meta: { ignoreUnauthorized: true },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('getErrorMessage', () => {
  it("returns the server's message", async () => {
    stubFetch(new Response('{"message":"Email already in use","code":"CONFLICT"}', { status: 409 }));
    const error = await apiRequest('POST', '/api/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(getErrorMessage(error, 'Failed')).toBe('Email already in use');
  });

  it('parses a plain Error in the "<status>: <body>" shape', () => {
    expect(getErrorMessage(new Error('400: {"message":"Bad input"}'), 'Failed')).toBe('Bad input');
  });

  it('shows the text of a body that is not JSON, as proxies send it, and an HTML page by its title', async () => {
    stubFetch(new Response('Upstream proxy timed out\n', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiRequest('POST', '/api/tenants', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('502: Upstream proxy timed out\n');
    expect(getErrorMessage(error, 'Failed to create tenant.')).toBe('Upstream proxy timed out');
    expect(getErrorDetails(error)).toEqual(['HTTP 502', 'Upstream proxy timed out']);
    const page = '<html><head><title>504 Gateway Time-out</title></head><body><h1>504</h1></body></html>';
    expect(getErrorMessage(new ApiError(504, page, null), 'Failed')).toBe('504 Gateway Time-out');
    expect(getErrorMessage(new ApiError(504, '<html><body>x</body></html>', null), 'Failed')).toBe('Failed');
  });

  it.each([
    ['an empty body', new ApiError(502, 'Bad Gateway', null, '')],
    ['an unrelated error', new TypeError('Failed to fetch')],
    ['a non-error value', 'boom'],
    ['an empty message', new ApiError(400, '{"message":""}', { message: '' })],
  ])('falls back for %s', (_label, error) => {
    expect(getErrorMessage(error, 'Failed to switch slot.')).toBe('Failed to switch slot.');
  });
});

describe('getErrorDetails', () => {
  it('lists the status and code, then each issue with its technical detail (else its message)', () => {
    const error = new ApiError(400, 'refused', {
      message: 'Field retries must be an integer',
      code: 'VALIDATION_FAILED',
      issues: [
        {
          path: 'body.configuration.retries',
          message: 'Field retries must be an integer',
          detail: '/retries: must be integer',
        },
        { path: 'body.name', message: 'Name is required' },
      ],
    });
    expect(getErrorDetails(error)).toEqual([
      'HTTP 400 VALIDATION_FAILED',
      'body.configuration.retries: /retries: must be integer',
      'body.name: Name is required',
    ]);
    expect(getErrorDetails(new ApiError(409, 'taken', null))).toEqual(['HTTP 409', 'taken']);
    expect(getErrorDetails(new ApiError(409, 'Conflict', null, ''))).toEqual(['HTTP 409']);
    expect(getErrorDetails(new Error('network'))).toEqual([]);
  });
});
