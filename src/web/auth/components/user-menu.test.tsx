import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '@/auth/api/get-me';
import { UserMenu } from '@/auth/components/user-menu';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderMenu() {
  const queryClient = queryClientWithMe(
    makeMe({ name: 'Alice Johnson', email: 'alice@example.com', globalRole: 'admin' }),
  );
  queryClient.setQueryData(['/api/tenants'], [{ id: 't1' }]);
  return renderWithProviders(<UserMenu />, {
    path: '/tenants',
    queryClient,
    routes: [
      {
        path: '/tenants',
        element: (
          <>
            <UserMenu />
            <Toaster />
          </>
        ),
      },
      { path: '/login', element: <p>Sign-in screen</p> },
      { path: '/api-access', element: <p>API access screen</p> },
    ],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserMenu', () => {
  it("shows the user's initials, name, email and global role", async () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('AJ');

    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Alice Johnson')).toBeInTheDocument();
    expect(within(menu).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('links to the API access page', async () => {
    const { router } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'API access' }));
    expect(await screen.findByText('API access screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/api-access');
  });

  it('signs out: POST /api/auth/logout, forgets the cache and goes to /login', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router, queryClient } = renderMenu();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['/api/tenants'])).toBeUndefined();
    expect(router.state.location.state).toBeNull();
  });

  it("hands the provider's end-session address to the sign-in page (in history state)", async () => {
    const endSessionUrl = 'https://idp.example.com/logout?id_token_hint=abc';
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json({ endSessionUrl })));
    const { router } = renderMenu();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ endSessionUrl });
  });

  it('a failed sign-out shows a destructive "Error" toast with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          Response.json({ message: 'Database unavailable', code: 'UNAVAILABLE' }, { status: 503 }),
        ),
    );
    const { router } = renderMenu();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    const toast = await screen.findByText('Database unavailable');
    const root = toast.closest('[data-variant]');
    expect(root).toHaveAttribute('data-variant', 'destructive');
    expect(root).toHaveTextContent('Error');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenants'));
  });
});
