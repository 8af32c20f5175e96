import { hashKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VISIT_ROUTES } from '@contract/first-visit';
import { prefetchRouteData, routeQueries } from '@/app/route-data';
import { overviewKeys } from '@/overview';
import { stubApi } from '@/test/api-stub';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** Each list screen at an address with a view in it, and the page the router shows there. */
const CASES: [string, () => Promise<ComponentType>][] = [
  [
    '/tenants?q=acme&status=active&page=2&size=10',
    () => import('@/tenants/components/tenants-page').then((m) => m.TenantsPage),
  ],
  [
    '/users?kind=person&sort=-createdAt',
    () => import('@/users/components/users-page').then((m) => m.UsersPage),
  ],
  [
    '/apis?status=bogus&category=payments',
    () => import('@/capabilities/components/capabilities-page').then((m) => m.CapabilitiesPage),
  ],
  [
    '/apps?environment=uat&meshQ=edge&meshPage=2',
    () => import('@/web-apps/components/web-apps-page').then((m) => m.WebAppsPage),
  ],
  [
    '/microfrontends?q=cart',
    () =>
      import('@/microfrontends/registry/components/microfrontends-page').then((m) => m.MicrofrontendsPage),
  ],
  [
    '/deployments?type=capabilities',
    () => import('@/deployments/components/deployments-page').then((m) => m.DeploymentsPage),
  ],
  [
    '/audit-log?from=2026-01-02&to=2026-01-03&actor=a%40example.com',
    () => import('@/audit/components/audit-log-page').then((m) => m.AuditLogPage),
  ],
  [
    '/changes?tab=recent&kind=tenant.update',
    () => import('@/app/pages/changes-route').then((m) => m.ChangesRoute),
  ],
  ['/changes', () => import('@/app/pages/changes-route').then((m) => m.ChangesRoute)],
  ['/changes?tab=nonsense', () => import('@/app/pages/changes-route').then((m) => m.ChangesRoute)],
];

afterEach(() => vi.unstubAllGlobals());

describe('first-visit route data', () => {
  it.each(CASES)(
    '%s: the page reads exactly the prefetched queries, and fetches none again',
    async (path, load) => {
      // Every list answers an empty page; whatever else a page reads answers 404 (its own error state).
      const fetchMock = stubApi({});
      fetchMock.mockImplementation(async (input) =>
        new URL(String(input), 'http://x').pathname === '/api/overview'
          ? Response.json({})
          : Response.json([], { headers: { 'X-Total-Count': '0' } }),
      );
      const url = new URL(path, 'http://x');
      const queryClient = queryClientWithMe(makeMe({ globalRole: 'admin' }));
      const expected = (await routeQueries(url)).map((query) => hashKey(query.queryKey));
      expect(expected.length).toBeGreaterThan(0);

      await prefetchRouteData(queryClient, url);
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      const prefetchedCalls = fetchMock.mock.calls.length;
      expect(prefetchedCalls).toBe(expected.length);

      const Page = await load();
      renderWithProviders(<Page />, { path, queryClient });
      // The page observes each prefetched query (same key, so same parameters from the address)...
      await waitFor(() => {
        for (const hash of expected)
          expect(queryClient.getQueryCache().get(hash)?.getObserversCount() ?? 0, hash).toBeGreaterThan(0);
      });
      // ...and did not request any of them a second time (the stale-at-once lists included).
      const requested = fetchMock.mock.calls.map(([input]) => String(input));
      const prefetched = requested.slice(0, prefetchedCalls);
      for (const request of prefetched) expect(requested.filter((r) => r === request)).toHaveLength(1);
    },
  );

  it.each(Object.entries(FIRST_VISIT_ROUTES))(
    '%s: the default view requests exactly what the server preloads for it',
    async (pathname, route) => {
      const fetchMock = stubApi({});
      fetchMock.mockImplementation(async () => Response.json([], { headers: { 'X-Total-Count': '0' } }));
      const queryClient = queryClientWithMe(makeMe({ globalRole: 'admin' }));
      await prefetchRouteData(queryClient, { pathname, search: '' });
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      // The same strings, in the same order of parameters: a preload is only used by an identical URL.
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(route.requests);
    },
  );

  it('every route-data module is named by the first-visit table', () => {
    const modules = Object.keys(import.meta.glob('./route-queries/*.ts')).map((file) =>
      file.replace(/^\.\/route-queries\/(.*)\.ts$/, '$1'),
    );
    expect(modules.sort()).toEqual(
      Object.values(FIRST_VISIT_ROUTES)
        .map((route) => route.module)
        .sort(),
    );
  });

  it("/: the Overview's one request (its page is rendered by its own tests)", async () => {
    const queries = await routeQueries({ pathname: '/', search: '' });
    expect(queries.map((query) => query.queryKey)).toEqual([overviewKeys.all]);
  });

  it('starts nothing for a screen without route data', async () => {
    expect(await routeQueries({ pathname: '/settings', search: '' })).toEqual([]);
    expect(await routeQueries({ pathname: '/constructor', search: '' })).toEqual([]);
  });
});
