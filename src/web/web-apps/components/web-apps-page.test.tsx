import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { WebAppsPage } from '@/web-apps/components/web-apps-page';
import { apiError, makeWebApp, requestsTo, stubApi, productionNeedsApproval } from '@/web-apps/test/fixtures';

const apps = [
  makeWebApp(),
  makeWebApp({
    id: 'app-002',
    name: 'Partner Hub',
    technology: 'web-component',
    environment: 'uat',
    status: 'provisioning',
    region: 'eu-west-1',
    url: null,
  }),
  // Values outside the contract's sets (a row older than them) still show, as stored.
  {
    ...makeWebApp({ id: 'app-003', name: 'Legacy Admin', status: 'stopped', createdAt: '' }),
    technology: 'single-spa',
    environment: 'qa',
  },
];

function renderPage(me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(
    <>
      <WebAppsPage />
      <Toaster />
    </>,
    { path: '/apps', queryClient: queryClientWithMe(me) },
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const detail = (name: string, label: string) =>
  card(name).getByText(label, { selector: 'dt' }).nextElementSibling;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WebAppsPage', { timeout: 20_000 }, () => {
  it('shows each card with its labels: technology, environment, region, url, status, created date', async () => {
    stubApi({ 'GET /api/web-apps': apps });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Web Applications', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByTestId('web-app-card')).toHaveLength(3);

    const portal = card('Customer Portal');
    expect(portal.getByText('Self-service portal for customers.')).toHaveClass('line-clamp-2');
    expect(portal.getByTestId('web-app-technology')).toHaveTextContent('Module Federation');
    expect(portal.getByTestId('web-app-environment')).toHaveTextContent('Prod');
    expect(detail('Customer Portal', 'Region')).toHaveTextContent('us-east-1');
    expect(detail('Customer Portal', 'URL')).toHaveTextContent('https://portal.acme.com');
    expect(portal.getByTestId('status-badge')).toHaveTextContent('Running');
    expect(detail('Customer Portal', 'Created')).toHaveTextContent(
      new Date('2024-03-15T12:00:00.000Z').toLocaleDateString(),
    );

    expect(card('Partner Hub').getByTestId('web-app-technology')).toHaveTextContent('Web Component');
    expect(card('Partner Hub').getByTestId('web-app-environment')).toHaveTextContent('UAT');
    expect(card('Partner Hub').getByTestId('status-badge')).toHaveTextContent('Provisioning');
    // Values outside the known lists are shown raw.
    expect(card('Legacy Admin').getByTestId('web-app-technology')).toHaveTextContent('single-spa');
    expect(card('Legacy Admin').getByTestId('web-app-environment')).toHaveTextContent('qa');
    expect(card('Legacy Admin').getByTestId('status-badge')).toHaveTextContent('Stopped');
    expect(detail('Legacy Admin', 'Created')).toHaveTextContent('N/A');
  });

  it('Open Application opens the url in a new tab; it is disabled without a url', async () => {
    stubApi({ 'GET /api/web-apps': apps });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage();
    await screen.findAllByTestId('web-app-card');

    expect(card('Partner Hub').getByRole('button', { name: 'Open Application' })).toBeDisabled();
    await userEvent.click(card('Customer Portal').getByRole('button', { name: 'Open Application' }));
    expect(open).toHaveBeenCalledWith('https://portal.acme.com', '_blank', 'noopener,noreferrer');
  });

  it("searches on the server (debounced ?q=) and says 'No applications found'", async () => {
    const fetchMock = stubApi({
      'GET /api/web-apps': ({ url }) => Response.json(url.includes('q=') ? [] : apps),
    });
    renderPage();
    await screen.findAllByTestId('web-app-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'iframe');
    expect(await screen.findByText('No applications found')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/web-apps').map((r) => r.url)).toEqual([
      '/api/web-apps?sort=-createdAt&limit=25&offset=0',
      '/api/web-apps?q=iframe&sort=-createdAt&limit=25&offset=0',
    ]);
  });

  it('filters by status: all, running, provisioning, stopped (?status=)', async () => {
    const fetchMock = stubApi({
      'GET /api/web-apps': ({ url }) => Response.json(url.includes('status=stopped') ? [apps[2]] : apps),
    });
    renderPage();
    await screen.findAllByTestId('web-app-card');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status filter' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All statuses',
      'Running',
      'Provisioning',
      'Stopped',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Stopped' }));
    await waitFor(() => expect(screen.getAllByTestId('web-app-card')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'GET', '/api/web-apps').at(-1)?.url).toBe(
      '/api/web-apps?status=stopped&sort=-createdAt&limit=25&offset=0',
    );
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/web-apps': () => (fail ? apiError(503, 'Database unavailable') : Response.json(apps)),
    });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('web-app-card')).toHaveLength(3);
  });

  it('edits an application: prefilled, only the changed fields sent, toast "Web app updated"', async () => {
    const fetchMock = stubApi({
      'GET /api/web-apps': apps,
      'PATCH /api/web-apps/app-001': ({ body }) => Response.json({ ...apps[0], ...(body as object) }),
    });
    renderPage();
    await screen.findAllByTestId('web-app-card');
    await userEvent.click(
      card('Customer Portal').getByRole('button', { name: 'Actions for Customer Portal' }),
    );
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));

    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Application Name')).toHaveValue('Customer Portal');
    expect(dialog.getByLabelText('URL')).toHaveValue('https://portal.acme.com');
    expect(dialog.getByRole('combobox', { name: 'Technology' })).toHaveTextContent('Module Federation');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Stopped' }));
    await userEvent.clear(dialog.getByLabelText('URL'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Web app updated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/web-apps/app-001')[0]?.body).toEqual({
      status: 'stopped',
      url: null,
    });
  });

  it("requests a production app's new URL where production needs approval; its status saves directly", async () => {
    const fetchMock = stubApi({
      'GET /api/web-apps': apps,
      ...productionNeedsApproval(3),
    });
    renderPage();
    await screen.findAllByTestId('web-app-card');
    await userEvent.click(
      card('Customer Portal').getByRole('button', { name: 'Actions for Customer Portal' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Stopped' }));
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();

    await userEvent.clear(dialog.getByLabelText('URL'));
    await userEvent.type(dialog.getByLabelText('URL'), 'https://portal-v2.acme.com');
    expect(await dialog.findByTestId('request-change-fields')).toHaveTextContent(
      'Production changes of this tenant need 1 approval: this creates a change request.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #3 created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: {
        kind: 'web_app.update',
        webAppId: 'app-001',
        body: { status: 'stopped', url: 'https://portal-v2.acme.com' },
      },
    });
    expect(requestsTo(fetchMock, 'PATCH', '/api/web-apps/app-001')).toEqual([]);
  });

  it('requests the delete of a production app where production needs approval', async () => {
    const fetchMock = stubApi({
      'GET /api/web-apps': apps,
      ...productionNeedsApproval(4),
    });
    renderPage();
    await screen.findAllByTestId('web-app-card');
    await userEvent.click(
      card('Customer Portal').getByRole('button', { name: 'Actions for Customer Portal' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    // The policy read, the confirmation becomes the request's form.
    const fields = await screen.findByTestId('request-change-fields');
    expect(fields).toHaveTextContent(
      'Production changes of this tenant need 1 approval: this creates a change request.',
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Delete application?' }));
    expect(dialog.getByText(/"Customer Portal" serves production: deleting it needs approval/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #4 created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: { kind: 'web_app.delete', webAppId: 'app-001' },
    });
    expect(requestsTo(fetchMock, 'DELETE', '/api/web-apps/app-001')).toEqual([]);
  });

  it('deletes after a confirmation, toast "Web app deleted"', async () => {
    let rows = apps;
    const fetchMock = stubApi({
      'GET /api/web-apps': () => Response.json(rows),
      'DELETE /api/web-apps/app-002': () => {
        rows = [apps[0]!, apps[2]!];
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    await screen.findAllByTestId('web-app-card');
    await userEvent.click(card('Partner Hub').getByRole('button', { name: 'Actions for Partner Hub' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('"Partner Hub" will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Web app deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('web-app-card')).toHaveLength(2));
    expect(requestsTo(fetchMock, 'DELETE', '/api/web-apps/app-002')).toHaveLength(1);
  });

  it('hides Create Web App and the menu from a member', async () => {
    stubApi({
      'GET /api/web-apps': [apps[0], makeWebApp({ id: 'app-9', name: 'Other', tenantId: 'tenant-002' })],
    });
    renderPage(makeMe({ memberships: [{ tenantId: 'tenant-002', role: 'member' }] }));
    await screen.findAllByTestId('web-app-card');
    expect(screen.queryByRole('button', { name: 'Create Web App' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
  });
});
