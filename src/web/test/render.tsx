import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ThemeProvider } from '@/app/theme-provider';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/api-client';

/**
 * Renders `element` at `path` inside the app's providers, with a fresh query cache per test (or the
 * given one, e.g. seeded with the signed-in user).
 */
export function renderWithProviders(
  element: ReactElement,
  {
    path = '/',
    routes,
    queryClient = createQueryClient(),
    router: givenRouter,
  }: {
    path?: string;
    routes?: RouteObject[];
    queryClient?: QueryClient;
    router?: ReturnType<typeof createMemoryRouter>;
  } = {},
) {
  const router =
    givenRouter ?? createMemoryRouter(routes ?? [{ path: '*', element }], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider>
          {/* As react-router/dom's RouterProvider does (importing that entry here loads a second copy). */}
          <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
