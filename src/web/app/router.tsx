import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from '@/app/routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let current: AppRouter | undefined;

/** The router `createAppRouter` made; the query cache reads it on a 401, which no query answers before. */
export function appRouter(): AppRouter {
  if (!current) throw new Error('The router is not created yet');
  return current;
}

/**
 * Creates the app's router. For a page the server rendered (docs/architecture.md, "The first view from
 * the server"), the lazily loaded routes the address matches are loaded first: a router still loading
 * them would render the session spinner, not the markup the server sent, and hydration would fail.
 */
export async function createAppRouter(options: { hydrating: boolean }): Promise<AppRouter> {
  if (options.hydrating) await loadMatchedRoutes(routes, window.location.pathname);
  current = createBrowserRouter(routes);
  return current;
}

/** Resolves the `lazy` of every route `pathname` matches, in place, as the router would on its own. */
async function loadMatchedRoutes(table: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
