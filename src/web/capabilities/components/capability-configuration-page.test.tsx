import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilityConfigurationPage } from '@/capabilities/components/capability-configuration-page';
import { apiError, makeCapability, makeTemplate, never, stubApi } from '@/capabilities/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderPage(capabilityId = 'api-001') {
  return renderWithProviders(<></>, {
    path: `/capability/${capabilityId}/configuration`,
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
    routes: [
      { path: '/capability/:capabilityId/configuration', element: <CapabilityConfigurationPage /> },
      { path: '/apis', element: <p>Capabilities screen</p> },
    ],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CapabilityConfigurationPage', { timeout: 15_000 }, () => {
  it("shows 'Loading capability configuration...' while loading", () => {
    stubApi({ 'GET /api/capabilities/api-001': never });
    renderPage();
    expect(screen.getByText('Loading capability configuration...')).toBeInTheDocument();
  });

  it("says 'Capability not found' for an unknown capability, with the back link", async () => {
    stubApi({ 'GET /api/capabilities/api-404': apiError(404, 'Capability not found') });
    const { router } = renderPage('api-404');
    expect(await screen.findByRole('alert')).toHaveTextContent('Capability not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to Capabilities' }));
    expect(router.state.location.pathname).toBe('/apis');
  });

  it('shows name, description, status, version, category, endpoint and the pretty-printed schema', async () => {
    stubApi({
      'GET /api/capabilities/api-001': makeCapability({
        configurationSchema: '{"type":"object","required":["rateLimit"]}',
      }),
    });
    renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Identity & Access Service', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Single sign-on and token issuance.')).toBeInTheDocument();
    expect(screen.getAllByTestId('status-badge')[0]).toHaveTextContent('Available');
    expect(screen.getAllByTestId('status-badge')[0]).toHaveAttribute('data-variant', 'default');
    const facts = within(screen.getByTestId('capability-facts'));
    expect(facts.getByText('3.2.1')).toBeInTheDocument();
    expect(facts.getByText('Security')).toBeInTheDocument();
    expect(facts.getByText('https://api.example.com/identity/v3')).toBeInTheDocument();
    expect(screen.getByTestId('configuration-schema').textContent).toBe(
      JSON.stringify({ type: 'object', required: ['rateLimit'] }, null, 2),
    );
    expect(screen.getByTestId('blue-green-card')).toBeInTheDocument();
    // Templates only for capabilities that support them.
    expect(screen.queryByTestId('notification-templates-card')).not.toBeInTheDocument();
  });

  it('shows the Notification Templates card when the capability supports templates', async () => {
    stubApi({
      'GET /api/capabilities/api-007': makeCapability({ id: 'api-007', supportsNotificationTemplates: true }),
      'GET /api/notification-templates/capability/api-007': [makeTemplate()],
    });
    renderPage('api-007');
    const card = await screen.findByTestId('notification-templates-card');
    expect(await within(card).findByText('Welcome Email')).toBeInTheDocument();
    expect(screen.queryByTestId('configuration-schema')).not.toBeInTheDocument();
  });
});
