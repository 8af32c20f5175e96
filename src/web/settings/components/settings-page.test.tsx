import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, MAINTENANCE_MESSAGE, type Settings } from '@contract/settings';
import { Toaster } from '@/components/ui/toaster';
import { SettingsPage } from '@/settings/components/settings-page';
import { apiError, never, requestsTo, stubApi, TEST_TIMEOUT } from '@/settings/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const defaults: Settings = { ...DEFAULT_SETTINGS, updatedAt: null, updatedBy: null, revision: 0 };

/** GET answers the stored settings; PUT replaces them. */
function stubSettings(initial: Settings = defaults) {
  let stored = initial;
  return stubApi({
    'GET /api/settings': () => Response.json(stored),
    'PUT /api/settings': ({ body }) => {
      stored = { ...stored, ...(body as Partial<Settings>), updatedAt: '2024-06-01T00:00:00.000Z' };
      return Response.json(stored);
    },
  });
}

function renderPage(globalRole = 'admin') {
  return renderWithProviders(
    <>
      <SettingsPage />
      <Toaster />
    </>,
    { path: '/settings', queryClient: queryClientWithMe(makeMe({ globalRole })) },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsPage', { timeout: TEST_TIMEOUT }, () => {
  it('shows the four cards with the defaults: notifications on, auto-scaling and maintenance off', async () => {
    stubSettings();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Loading settings...')).toBeInTheDocument();

    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    for (const title of ['Notifications', 'System Configuration', 'Danger Zone'])
      expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Organization')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Auto-scaling' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Maintenance Mode' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete All Resources' })).toBeEnabled();
  });

  it("saves the account information with the full settings (PUT), toast 'Settings saved'", async () => {
    const fetchMock = stubSettings({ ...defaults, autoScaling: true });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Email'), 'ops@example.com');
    await userEvent.type(screen.getByLabelText('Organization'), 'Acme Corp');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')[0]?.body).toEqual({
      accountEmail: 'ops@example.com',
      organization: 'Acme Corp',
      emailNotifications: true,
      autoScaling: true,
      maintenanceMode: false,
      requireProductionHealthChecks: false,
    });
  });

  it('checks the account email before saving', async () => {
    const fetchMock = stubSettings();
    renderPage();
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);
  });

  it('saves a switch at once with the full settings, and toasts', async () => {
    const fetchMock = stubSettings({ ...defaults, organization: 'Acme Corp' });
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Maintenance Mode' }));
    // Turning maintenance mode on asks first, with Cancel focused; nothing is saved before.
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Turn on maintenance mode and pause every change?',
    });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Turn on maintenance mode' }));

    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Maintenance mode is on.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')[0]?.body).toEqual({
      accountEmail: null,
      organization: 'Acme Corp',
      emailNotifications: true,
      autoScaling: false,
      maintenanceMode: true,
      requireProductionHealthChecks: false,
    });
    expect(screen.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'Email Notifications' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/api/settings')).toHaveLength(2));
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')[1]?.body).toMatchObject({
      emailNotifications: false,
      maintenanceMode: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked(),
    );
  });

  it('requires health checks in production with a switch that saves at once', async () => {
    const fetchMock = stubSettings();
    renderPage();
    const required = await screen.findByRole('switch', { name: 'Require Health Checks in Production' });
    expect(required).not.toBeChecked();
    await userEvent.click(required);
    expect(await screen.findByText('Health checks required in production is on.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')[0]?.body).toMatchObject({
      requireProductionHealthChecks: true,
      maintenanceMode: false,
    });
    await waitFor(() => expect(required).toBeChecked());
  });

  it('leaves maintenance mode off when its confirmation is cancelled, and turns it off without asking', async () => {
    const fetchMock = stubSettings();
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Maintenance Mode' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Maintenance Mode' })).not.toBeChecked();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')).toHaveLength(0);

    await userEvent.click(screen.getByRole('switch', { name: 'Maintenance Mode' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Turn on maintenance mode',
      }),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked());
    await userEvent.click(screen.getByRole('switch', { name: 'Maintenance Mode' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/api/settings')).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings')[1]?.body).toMatchObject({ maintenanceMode: false });
  });

  it("puts a switch back and shows an 'Error' toast when the server refuses", async () => {
    stubApi({ 'GET /api/settings': defaults, 'PUT /api/settings': apiError(503, MAINTENANCE_MESSAGE) });
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Auto-scaling' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(MAINTENANCE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto-scaling' })).not.toBeChecked();
  });

  it('is read-only for non-administrators, without Delete All Resources', async () => {
    stubSettings({ ...defaults, organization: 'Acme Corp', maintenanceMode: true });
    renderPage('user');
    expect(await screen.findByLabelText('Organization')).toHaveValue('Acme Corp');
    expect(screen.getByLabelText('Organization')).toBeDisabled();
    expect(screen.getByText('Only administrators can change settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    for (const name of [
      'Email Notifications',
      'Auto-scaling',
      'Maintenance Mode',
      'Require Health Checks in Production',
    ])
      expect(screen.getByRole('switch', { name })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Delete All Resources' })).not.toBeInTheDocument();
    // Everyone manages their own API tokens.
    expect(screen.getByRole('link', { name: 'Manage API tokens' })).toHaveAttribute('href', '/api-access');
  });

  it('shows an error state when the settings cannot be loaded', async () => {
    stubApi({ 'GET /api/settings': apiError(500, 'Database unavailable') });
    renderPage();
    const error = await screen.findByRole('alert');
    expect(within(error).getByText('Could not load settings')).toBeInTheDocument();
    expect(within(error).getByText('Database unavailable')).toBeInTheDocument();
  });

  it('shows loading while the settings load', () => {
    stubApi({ 'GET /api/settings': never });
    renderPage();
    expect(screen.getByText('Loading settings...')).toBeInTheDocument();
  });
  it('shows the Webhooks card to everyone signed in, Add webhook only to those who may add one', async () => {
    stubApi({
      'GET /api/settings': defaults,
      'GET /api/webhooks': [],
    });
    renderPage('user');
    const card = within(await screen.findByTestId('webhooks-card'));
    expect(card.getByText('Webhooks')).toBeInTheDocument();
    expect(await card.findByText('No webhooks yet')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Add webhook' })).not.toBeInTheDocument();
  });
});
