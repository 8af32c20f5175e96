import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '@/auth/api/get-me';
import { RequireSession } from '@/auth/components/require-session';
import { createSessionQueryClient } from '@/app/session-query-client';
import { createQueryClient } from '@/lib/api-client';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { useQuery } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';

const routes = [
  { path: '/login', element: <p>Sign-in screen</p> },
  {
    path: '/',
    element: <RequireSession />,
    children: [
      { index: true, element: <p>Overview screen</p> },
      { path: 'tenants', element: <p>Tenants screen</p> },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequireSession', () => {
  it('asks GET /api/auth/me and sends a signed-out visitor to /login with the way back', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        Response.json({ message: 'Sign in to continue', code: 'UNAUTHENTICATED' }, { status: 401 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithProviders(<RequireSession />, {
      path: '/tenants?q=acme',
      routes,
      queryClient: createQueryClient(),
    });

    expect(screen.getByTestId('session-pending')).toBeInTheDocument();
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/tenants?q=acme');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', { credentials: 'include' });
    expect(screen.queryByText('Tenants screen')).not.toBeInTheDocument();
  });

  it('renders the screen with a session', async () => {
    renderWithProviders(<RequireSession />, {
      path: '/tenants',
      routes,
      queryClient: queryClientWithMe(makeMe()),
    });
    expect(await screen.findByText('Tenants screen')).toBeInTheDocument();
  });

  it('a 401 from any later call (session expired) clears the cache and goes to /login', async () => {
    function Tenants() {
      const tenants = useQuery({ queryKey: ['/api/tenants'] });
      return <p>{tenants.isError ? 'failed' : 'Tenants screen'}</p>;
    }
    const router = createMemoryRouter(
      [
        routes[0]!,
        { path: '/', element: <RequireSession />, children: [{ path: 'tenants', element: <Tenants /> }] },
      ],
      { initialEntries: ['/tenants'] },
    );
    const queryClient = createSessionQueryClient(() => router);
    queryClient.setQueryData(ME_QUERY_KEY, makeMe());
    queryClient.setQueryData(['/api/overview'], { cached: true });
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          Response.json({ message: 'Sign in to continue', code: 'UNAUTHENTICATED' }, { status: 401 }),
        ),
    );
    renderWithProviders(<RequireSession />, { queryClient, router });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/tenants');
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['/api/overview'])).toBeUndefined();
  });
});
