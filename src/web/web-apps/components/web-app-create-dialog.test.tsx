import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '@contract/tenants';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { WebAppsPage } from '@/web-apps/components/web-apps-page';
import { apiError, makeWebApp, requestsTo, stubApi, productionNeedsApproval } from '@/web-apps/test/fixtures';

const tenant = (id: string, name: string) => ({ id, name }) as Tenant;
const tenants = [tenant('tenant-001', 'Acme Corporation'), tenant('tenant-002', 'Globex')];

function renderPage(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    'GET /api/web-apps': [],
    'GET /api/tenants': tenants,
    'GET /api/tenants/options': optionsHandler(tenants),
    ...handlers,
  });
  renderWithProviders(
    <>
      <WebAppsPage />
      <Toaster />
    </>,
    { path: '/apps', queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return fetchMock;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Create Web App' }));
  return within(await screen.findByRole('dialog'));
}

type Dialog = Awaited<ReturnType<typeof openDialog>>;

async function toDetails(dialog: Dialog, technology = 'Web Component') {
  await userEvent.click(dialog.getByRole('radio', { name: new RegExp(`^${technology}`) }));
  await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
  return dialog.findByLabelText('Application Name');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebAppCreateDialog', { timeout: 20_000 }, () => {
  it('step 1 offers the three technologies; Next is enabled only once one is chosen', async () => {
    renderPage();
    const dialog = await openDialog();
    expect(dialog.getByRole('heading', { name: 'Create Web App' })).toBeInTheDocument();
    expect(
      dialog
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.querySelector('span span')?.textContent),
    ).toEqual(['Module Federation', 'Web Component', 'Iframe Composition']);
    expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: /^Iframe Composition/ }));
    expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('step 2 has the defaults: first tenant, development, us-east-1, header and footer off; Create needs a name', async () => {
    renderPage();
    const dialog = await openDialog();
    const name = await toDetails(dialog);

    expect(name).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Create Application' })).toBeDisabled();
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveTextContent('Acme Corporation'),
    );
    expect(dialog.getByRole('combobox', { name: 'Environment' })).toHaveTextContent('Dev');
    expect(dialog.getByRole('combobox', { name: 'Environment' })).toHaveAttribute('aria-required', 'true');
    expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveTextContent('us-east-1');
    expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveAttribute('aria-required', 'true');
    expect(dialog.getByRole('switch', { name: 'Use Standard Header' })).not.toBeChecked();
    expect(dialog.getByRole('switch', { name: 'Use Standard Footer' })).not.toBeChecked();

    await userEvent.click(dialog.getByRole('combobox', { name: 'Region' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'us-east-1',
      'us-east-2',
      'us-west-1',
      'us-west-2',
      'eu-west-1',
      'eu-central-1',
      'ap-southeast-1',
    ]);
    await userEvent.keyboard('{Escape}');

    await userEvent.type(name, '   ');
    expect(dialog.getByRole('button', { name: 'Create Application' })).toBeDisabled();
    await userEvent.type(name, 'Portal');
    expect(dialog.getByRole('button', { name: 'Create Application' })).toBeEnabled();
  });

  it('Back returns to step 1 keeping the choice', async () => {
    renderPage();
    const dialog = await openDialog();
    await toDetails(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('radio', { name: /^Web Component/ })).toBeChecked();
    expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('Cancel, and closing, reset to step 1', async () => {
    renderPage();
    let dialog = await openDialog();
    await toDetails(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialog();
    expect(dialog.getByRole('radiogroup', { name: 'Technology' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await dialog.findByLabelText('Application Name');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialog();
    expect(dialog.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(dialog.queryByLabelText('Application Name')).not.toBeInTheDocument();
  });

  it('requests a production app where production needs approval, and creates nothing directly', async () => {
    const fetchMock = renderPage({
      ...productionNeedsApproval(7),
    });
    const dialog = await openDialog();
    await userEvent.type(await toDetails(dialog), 'Storefront');
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveTextContent('Acme Corporation'),
    );
    // Development needs none: the dialog creates.
    expect(dialog.getByRole('button', { name: 'Create Application' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prod' }));
    expect(await dialog.findByTestId('request-change-fields')).toHaveTextContent(
      'Production changes of this tenant need 1 approval: this creates a change request.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: {
        kind: 'web_app.create',
        body: {
          name: 'Storefront',
          description: null,
          technology: 'web-component',
          tenantId: 'tenant-001',
          environment: 'production',
          region: 'us-east-1',
          useStandardHeader: false,
          useStandardFooter: false,
        },
      },
    });
    expect(requestsTo(fetchMock, 'POST', '/api/web-apps')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("creates: POST with the choices, toast 'Web app created', then every field is back to its default", async () => {
    const fetchMock = renderPage({
      'POST /api/web-apps': ({ body }) =>
        Response.json(makeWebApp({ ...(body as object), status: 'provisioning' }), { status: 201 }),
    });
    let dialog = await openDialog();
    const name = await toDetails(dialog, 'Iframe Composition');
    await userEvent.type(name, 'Partner Hub');
    await userEvent.type(dialog.getByLabelText('Description'), 'For partners');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Tenant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Globex' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prod' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'eu-central-1' }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Use Standard Header' }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Use Standard Footer' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Application' }));

    expect(await screen.findByText('Web app created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/web-apps')[0]?.body).toEqual({
      name: 'Partner Hub',
      description: 'For partners',
      technology: 'iframe-composition',
      tenantId: 'tenant-002',
      environment: 'production',
      region: 'eu-central-1',
      useStandardHeader: true,
      useStandardFooter: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialog();
    expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: /^Module Federation/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(await dialog.findByLabelText('Application Name')).toHaveValue('');
    expect(dialog.getByLabelText('Description')).toHaveValue('');
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveTextContent('Acme Corporation'),
    );
    expect(dialog.getByRole('combobox', { name: 'Environment' })).toHaveTextContent('Dev');
    expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveTextContent('us-east-1');
    expect(dialog.getByRole('switch', { name: 'Use Standard Header' })).not.toBeChecked();
    expect(dialog.getByRole('switch', { name: 'Use Standard Footer' })).not.toBeChecked();
  });

  it("shows the server's message in a destructive 'Error' toast and stays on step 2", async () => {
    renderPage({ 'POST /api/web-apps': apiError(403, 'You may not add web apps to this tenant') });
    const dialog = await openDialog();
    await userEvent.type(await toDetails(dialog), 'Portal');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveTextContent('Acme'));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Application' }));
    expect(await screen.findByText('You may not add web apps to this tenant')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(dialog.getByLabelText('Application Name')).toHaveValue('Portal');
  });
});
