import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { forgetSession, LOGIN_PATH, loginPath } from '@/auth';
import { createQueryClient } from '@/lib/api-client';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/**
 * A query cache that treats a 401 from any query or mutation as an expired session (or one ended
 * elsewhere): go to the sign-in page, coming back here afterwards, and forget everything cached.
 * `routerOf` answers the app's router, which is created after the cache (src/web/app/router.tsx).
 */
export function createSessionQueryClient(routerOf: () => AppRouter): QueryClient {
  const client = createQueryClient({
    onUnauthorized: () => {
      const appRouter = routerOf();
      const { location, navigation } = appRouter.state;
      if (location.pathname === LOGIN_PATH || navigation.location?.pathname === LOGIN_PATH) return;
      void appRouter.navigate(loginPath(location), { replace: true, flushSync: true });
      forgetSession(client);
    },
  });
  return client;
}
