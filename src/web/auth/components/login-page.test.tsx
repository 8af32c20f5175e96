import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '@/auth/api/get-me';
import { LoginPage } from '@/auth/components/login-page';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { requestsTo, stubApi } from '@/test/api-stub';
import type { Me } from '@contract/auth';
import type { AuthProviders } from '@contract/sso';

const passwordOnly: AuthProviders = { sso: null, passwordLogin: 'all', adminContact: null };

/** The sign-in page's two calls: the providers (password only here) and POST /api/auth/login. */
function stubLogin(login: Response | (() => Promise<Response>) = new Response(null, { status: 500 })) {
  return stubApi({ 'GET /api/auth/providers': passwordOnly, 'POST /api/auth/login': login });
}

function renderLogin(path: string, me: Me | null = null) {
  const queryClient = queryClientWithMe(me);
  return renderWithProviders(<LoginPage />, {
    path,
    queryClient,
    routes: [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Overview screen</p> },
      { path: '/tenants', element: <p>Tenants screen</p> },
    ],
  });
}

async function fillAndSubmit(email = 'alice@example.com', password = 'correct horse battery') {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the product heading and requires both fields before calling the server', async () => {
    const fetchMock = stubLogin();
    renderLogin('/login');

    expect(await screen.findByRole('heading', { name: 'Platform Console' })).toBeInTheDocument();
    expect(screen.getByText('Resource Manager')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST', '/api/auth/login')).toHaveLength(0);
  });

  it('shows exactly "Invalid email or password" on 401', async () => {
    stubLogin(
      Response.json({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' }, { status: 401 }),
    );
    const { router } = renderLogin('/login');
    await fillAndSubmit('alice@example.com', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password$/);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("shows the server's message when rate limited (429)", async () => {
    const message = 'Too many failed sign-in attempts for this account. Try again later.';
    stubLogin(
      Response.json({ message, code: 'RATE_LIMITED' }, { status: 429, headers: { 'Retry-After': '60' } }),
    );
    renderLogin('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('reads "Signing in..." with the fields disabled while pending, then goes to the redirect path', async () => {
    const me = makeMe();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubLogin(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router, queryClient } = renderLogin('/login?redirect=%2Ftenants');
    await fillAndSubmit('  alice@example.com ', 'secret-password');

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button.closest('fieldset')).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'alice@example.com', password: 'secret-password' }),
      }),
    );

    answer(Response.json(me));
    expect(await screen.findByText('Tenants screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenants');
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(me);
  });

  it.each(['//evil.example.com', 'https://evil.example.com', '/login'])(
    'ignores the unsafe redirect %s and goes to the Overview',
    async (redirect) => {
      stubLogin(Response.json(makeMe()));
      const { router } = renderLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
      await fillAndSubmit();
      expect(await screen.findByText('Overview screen')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('sends a signed-in visitor to the Overview', async () => {
    const { router } = renderLogin('/login', makeMe());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Overview screen')).toBeInTheDocument();
  });
});
