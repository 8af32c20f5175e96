import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { formatDate } from '@/lib/format';
import { MicrofrontendsPage } from '@/microfrontends/registry/components/microfrontends-page';
import {
  apiError,
  makeListItem,
  makeMicrofrontend,
  makeVersion,
  never,
  requestsTo,
  stubApi,
} from '@/microfrontends/registry/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const dashboard = makeMicrofrontend();
const draft = makeVersion({
  id: 'mfv-002',
  version: '1.3.0-beta.1',
  status: 'draft',
  entryUrl: null,
  exposedModules: null,
  integrityHash: null,
});
const published = makeVersion();
const deprecated = makeVersion({ id: 'mfv-000', version: '1.0.0', status: 'deprecated' });

function renderPage(globalRole = 'admin') {
  return renderWithProviders(
    <>
      <MicrofrontendsPage />
      <Toaster />
    </>,
    { path: '/microfrontends', queryClient: queryClientWithMe(makeMe({ globalRole })) },
  );
}

const dashboardRow = makeListItem([draft, published, deprecated]);
const listHandlers = { 'GET /api/microfrontends': [dashboardRow] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MicrofrontendsPage', { timeout: 20_000 }, () => {
  it('lists microfrontends with name, slug, description, repository and their version rows', async () => {
    const fetchMock = stubApi(listHandlers);
    renderPage();

    expect(screen.getByRole('heading', { name: 'Microfrontends', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Dashboard' });
    expect(within(card).getByTestId('microfrontend-slug')).toHaveTextContent('dashboard');
    expect(within(card).getByText('Landing dashboard with KPIs.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /github\.com\/acme\/dashboard/ })).toHaveAttribute(
      'href',
      'https://github.com/acme/dashboard',
    );

    const rows = await within(card).findAllByTestId('version-row');
    expect(rows).toHaveLength(3);
    const headers = within(card)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Version',
      'Status',
      'Module Type',
      'Entry URL',
      'Exposed Modules',
      'Integrity Hash',
      'Created',
      'Actions',
    ]);
    const row = within(rows[1]!);
    expect(row.getByText('1.2.0')).toBeInTheDocument();
    expect(row.getByTestId('version-status')).toHaveTextContent('Published');
    expect(row.getByText('Module Federation')).toBeInTheDocument();
    expect(row.getByText('https://cdn.example.com/dashboard/1.2.0/remoteEntry.js')).toBeInTheDocument();
    expect(row.getByText('./App, ./Widget')).toBeInTheDocument();
    expect(row.getByText('sha384-oqVuAfXRK…')).toHaveAttribute('title', published.integrityHash);
    expect(row.getByText(formatDate(published.createdAt))).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('version-status')).toHaveTextContent('Draft');
    expect(within(rows[2]!).getByTestId('version-status')).toHaveTextContent('Deprecated');
    // The versions came with the page: one request, none per card.
    expect(fetchMock.mock.calls.map(([input]) => String(input).split('?')[0])).toEqual([
      '/api/microfrontends',
    ]);
    expect(within(card).queryByTestId('versions-more')).not.toBeInTheDocument();
  });

  it('says when a card shows only the newest of its versions, and "No versions yet" when it has none', async () => {
    stubApi({
      'GET /api/microfrontends': [
        makeListItem([draft, published], { versionCount: 140 }),
        makeListItem([], { id: 'mfe-002', slug: 'billing', name: 'Billing' }),
      ],
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Dashboard' });
    expect(within(card).getAllByTestId('version-row')).toHaveLength(2);
    expect(within(card).getByTestId('versions-more')).toHaveTextContent('The newest 2 of 140 versions');
    const billing = screen.getByRole('region', { name: 'Billing' });
    expect(within(billing).getByText('No versions yet')).toBeInTheDocument();
    expect(within(billing).queryByTestId('versions-table')).not.toBeInTheDocument();
  });

  it("shows placeholder cards while loading, then 'No microfrontends registered yet' when there are none", async () => {
    stubApi({ 'GET /api/microfrontends': never });
    const { unmount } = renderPage();
    // Card-shaped placeholders hold the page's layout until the cards arrive.
    expect(screen.getByLabelText('Loading microfrontends')).toBeInTheDocument();
    expect(screen.getAllByTestId('microfrontend-card-skeleton')).toHaveLength(3);
    unmount();

    stubApi({ 'GET /api/microfrontends': [] });
    renderPage();
    expect(await screen.findByText('No microfrontends registered yet')).toBeInTheDocument();
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    stubApi({
      ...listHandlers,
      'GET /api/microfrontends': () =>
        fail ? apiError(503, 'Database unavailable') : Response.json([dashboardRow]),
    });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('region', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('hides every write from users who are not administrators', async () => {
    stubApi(listHandlers);
    renderPage('user');
    const card = await screen.findByRole('region', { name: 'Dashboard' });
    await within(card).findAllByTestId('version-row');
    expect(screen.queryByRole('button', { name: 'Register Microfrontend' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add Version' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('registers a microfrontend; a taken slug (409) keeps the dialog open with the message', async () => {
    let taken = true;
    const fetchMock = stubApi({
      ...listHandlers,
      'POST /api/microfrontends': ({ body }) =>
        taken
          ? apiError(409, 'A microfrontend with this slug already exists')
          : Response.json({ ...dashboard, ...(body as object), id: 'mfe-009' }, { status: 201 }),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Dashboard' });

    await userEvent.click(screen.getByRole('button', { name: 'Register Microfrontend' }));
    const dialog = await screen.findByRole('dialog'); // its chunk may still be on the way
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Billing');
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'dashboard');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('A microfrontend with this slug already exists')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontends')[0]?.body).toEqual({
      slug: 'dashboard',
      name: 'Billing',
      description: null,
      repository: null,
    });

    taken = false;
    await userEvent.clear(within(dialog).getByLabelText('Slug'));
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'billing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Microfrontend registered')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the slug form before any request', async () => {
    const fetchMock = stubApi(listHandlers);
    renderPage();
    await screen.findByRole('region', { name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Register Microfrontend' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'Not A Slug');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Lower-case letters, digits and dashes')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontends')).toHaveLength(0);
  });

  it('deletes after confirmation and shows the 409 message when it is live', async () => {
    stubApi({
      ...listHandlers,
      'DELETE /api/microfrontends/mfe-001': apiError(409, 'Dashboard is live in production'),
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Dashboard' });
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for Dashboard' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('"Dashboard" (dashboard)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Dashboard is live in production')).toBeInTheDocument();
  });
});
