import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { ssoErrorMessages, type AuthProviders } from '@contract/sso';
import { PROVIDERS_TIMEOUT_MS } from '@/auth/api/get-providers';
import { LoginPage } from '@/auth/components/login-page';
import { queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/api-stub';

const acme: AuthProviders = {
  sso: { name: 'Acme SSO', loginUrl: '/api/auth/oidc/login' },
  passwordLogin: 'all',
  adminContact: null,
};

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <p>Overview screen</p> },
];

function renderLogin(path: string, providers: AuthProviders | Response = acme) {
  stubApi({ 'GET /api/auth/providers': providers });
  return renderWithProviders(<LoginPage />, { path, routes, queryClient: queryClientWithMe(null) });
}

const ssoLink = () => screen.findByRole('link', { name: 'Sign in with Acme SSO' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LoginPage with single sign-on', () => {
  it('offers "Sign in with <provider>" above the password form, carrying the redirect as returnTo', async () => {
    renderLogin('/login?redirect=%2Ftenants%3Fq%3Dacme');
    const link = await ssoLink();
    expect(link).toHaveAttribute('href', '/api/auth/oidc/login?returnTo=%2Ftenants%3Fq%3Dacme');
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(link.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('or')).toBeInTheDocument();
    // The password form stays: the break-glass administrator signs in with it.
    expect(within(form).getByLabelText('Email')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('password-limit-note')).not.toBeInTheDocument();
  });

  it('sends no returnTo without a redirect, and never an unsafe one', async () => {
    renderLogin('/login?redirect=%2F%2Fevil.example.com');
    expect(await ssoLink()).toHaveAttribute('href', '/api/auth/oidc/login');
  });

  it('shows only the password form when no provider is configured', async () => {
    renderLogin('/login', { sso: null, passwordLogin: 'all', adminContact: null });
    expect(await screen.findByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('shows the password form alone when the providers call fails', async () => {
    renderLogin('/login', Response.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the password form alone when the providers call hangs past its time limit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A server that accepts the request and never answers: only the time limit ends the call.
    const hanging = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    vi.stubGlobal('fetch', hanging);
    renderWithProviders(<LoginPage />, { path: '/login', routes, queryClient: queryClientWithMe(null) });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PROVIDERS_TIMEOUT_MS);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(hanging).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it.each([
    ['admins', 'Password sign-in is limited to administrators.'],
    ['off', 'Password sign-in is for the break-glass administrator only.'],
  ] as const)('notes under the form who may use a password (%s)', async (passwordLogin, note) => {
    renderLogin('/login', { ...acme, passwordLogin });
    expect(await screen.findByTestId('password-limit-note')).toHaveTextContent(note);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('names the admin contact when an unknown user comes back from the provider', async () => {
    renderLogin('/login?sso_error=unknown_user', { ...acme, adminContact: 'it-help@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is not set up in Resource Manager. Ask it-help@example.com for access.',
    );
  });

  it.each([
    ['unknown_user', ssoErrorMessages.unknown_user],
    ['disabled', ssoErrorMessages.disabled],
    ['invalid_response', ssoErrorMessages.invalid_response],
    ['provider_unavailable', ssoErrorMessages.provider_unavailable],
    ['not_configured', ssoErrorMessages.not_configured],
    ['something_new', 'Single sign-on failed. Try again.'],
  ])('explains sso_error=%s', async (code, message) => {
    renderLogin(`/login?sso_error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(await ssoLink()).toBeInTheDocument();
  });

  it("after signing out, offers to sign out of the provider too (from the sign-out's state only)", async () => {
    stubApi({ 'GET /api/auth/providers': acme });
    const endSessionUrl = 'https://idp.example.com/logout?client_id=console';
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: '/login', state: { endSessionUrl } }],
    });
    renderWithProviders(<LoginPage />, { router, queryClient: queryClientWithMe(null) });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('You signed out of Resource Manager.');
    expect(within(notice).getByRole('link', { name: 'Also sign out of Acme SSO' })).toHaveAttribute(
      'href',
      endSessionUrl,
    );
  });

  it('shows no provider sign-out for a visit without that state', async () => {
    renderLogin('/login?endSessionUrl=https%3A%2F%2Fevil.example.com');
    await ssoLink();
    expect(screen.queryByRole('link', { name: /Also sign out/ })).not.toBeInTheDocument();
  });
});
