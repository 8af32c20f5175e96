/**
 * What a signed-in first visit of each list screen asks the API before anything else, in the screen's
 * default view (an address without a query string). One table for both sides (docs/architecture.md, "How
 * the first visit loads"):
 * - the client loads the screen's route-data module, `src/web/app/route-queries/<module>.ts`, which builds
 *   the screen's first queries from the address (`src/web/app/route-data.ts`);
 * - the server names `requests` and that module's chunk in the page's `Link` header, so the browser starts
 *   them with the HTML instead of after the entry script has run (`src/server/http/first-visit-links.ts`).
 * `route-data.test.tsx` fails when a module's default queries request anything but `requests`.
 * Pure data: the entry imports it, so nothing heavier may come with it.
 */
export type FirstVisitRoute = {
  /** The screen's module, which the router loads lazily, as the build manifest names it (under src/web). */
  screen: string;
  /** The file name, without `.ts`, of the screen's module under src/web/app/route-queries. */
  module: string;
  /** The API requests (path and query string) the module's queries send for the default view. */
  requests: readonly string[];
};

/** The session check every page of the console starts with (`meQueryOptions`). */
export const SESSION_CHECK_REQUEST = '/api/auth/me';

/**
 * What every signed-in screen renders around itself, lazily loaded (under src/web): the shell, and the
 * header's account menu and release button.
 */
export const SHELL_MODULES = [
  'app/shell/app-shell.tsx',
  'auth/components/user-menu.tsx',
  'releases/components/release-nav-button.tsx',
] as const;

/** Each list screen's path as the router matches it (no trailing slash). */
export const FIRST_VISIT_ROUTES = {
  '/': { screen: 'overview/components/overview-page.tsx', module: 'overview', requests: ['/api/overview'] },
  '/tenants': {
    screen: 'tenants/components/tenants-page.tsx',
    module: 'tenants',
    requests: ['/api/tenants?sort=-createdAt&limit=25&offset=0'],
  },
  '/users': {
    screen: 'users/components/users-page.tsx',
    module: 'users',
    requests: ['/api/users?sort=name&limit=25&offset=0'],
  },
  '/apis': {
    screen: 'capabilities/components/capabilities-page.tsx',
    module: 'capabilities',
    requests: ['/api/capabilities?sort=name&limit=25&offset=0'],
  },
  '/apps': {
    screen: 'web-apps/components/web-apps-page.tsx',
    module: 'web-apps',
    requests: [
      '/api/web-apps?sort=-createdAt&limit=25&offset=0',
      '/api/web-app-meshes?sort=-createdAt&limit=25&offset=0',
    ],
  },
  '/microfrontends': {
    screen: 'microfrontends/registry/components/microfrontends-page.tsx',
    module: 'microfrontends',
    requests: ['/api/microfrontends?sort=name&limit=25&offset=0'],
  },
  '/deployments': {
    screen: 'deployments/components/deployments-page.tsx',
    module: 'deployments',
    requests: ['/api/microfrontends/options'],
  },
  '/audit-log': {
    screen: 'audit/components/audit-log-page.tsx',
    module: 'audit',
    requests: ['/api/audit-events?sort=-createdAt&limit=25&offset=0'],
  },
  '/changes': {
    screen: 'app/pages/changes-route.tsx',
    module: 'changes',
    requests: ['/api/change-requests?sort=-createdAt&limit=25&offset=0&view=waiting'],
  },
} as const satisfies Record<string, FirstVisitRoute>;

/** The router's form of a path: no trailing slash but for `/`. */
const routerPath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** The first-visit entry of a path, if it is a list screen's. */
export function firstVisitRoute(pathname: string): FirstVisitRoute | undefined {
  const routes: Record<string, FirstVisitRoute> = FIRST_VISIT_ROUTES;
  const path = routerPath(pathname);
  return Object.hasOwn(routes, path) ? routes[path] : undefined;
}
