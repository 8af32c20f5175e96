import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { MicrofrontendsPage } from '@/microfrontends/registry/components/microfrontends-page';
import {
  apiError,
  makeListItem,
  makeVersion,
  requestsTo,
  stubApi,
} from '@/microfrontends/registry/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const draft = makeVersion({ id: 'mfv-002', version: '1.3.0', status: 'draft' });
const published = makeVersion();
const deprecated = makeVersion({ id: 'mfv-000', version: '1.0.0', status: 'deprecated' });

function renderPage(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({
    'GET /api/microfrontends': [makeListItem([draft, published, deprecated])],
    ...handlers,
  });
  renderWithProviders(
    <>
      <MicrofrontendsPage />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return fetchMock;
}

const rowOf = async (version: string) =>
  (await screen.findAllByTestId('version-row')).find((row) =>
    within(row).queryByText(version, { exact: true }),
  )!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('version actions', { timeout: 20_000 }, () => {
  it('offers Edit and Publish only on drafts, Deprecate on anything not deprecated', async () => {
    renderPage({});
    const draftRow = within(await rowOf('1.3.0'));
    expect(draftRow.getByRole('button', { name: 'Publish version 1.3.0' })).toBeInTheDocument();
    expect(draftRow.getByRole('button', { name: 'Edit version 1.3.0' })).toBeInTheDocument();
    expect(draftRow.getByRole('button', { name: 'Deprecate version 1.3.0' })).toBeInTheDocument();
    const publishedRow = within(await rowOf('1.2.0'));
    expect(publishedRow.queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
    expect(publishedRow.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(publishedRow.getByRole('button', { name: 'Deprecate version 1.2.0' })).toBeInTheDocument();
    expect(within(await rowOf('1.0.0')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("publishes a draft, toasts 'Version published' and refreshes the versions", async () => {
    let status = draft.status;
    const fetchMock = renderPage({
      // The registry page's rows carry the versions: the publish refreshes the page.
      'GET /api/microfrontends': () =>
        Response.json([makeListItem([{ ...draft, status }, published, deprecated])]),
      'POST /api/microfrontend-versions/mfv-002/publish': () => {
        status = 'published';
        return Response.json({ ...draft, status });
      },
    });
    await userEvent.click(
      within(await rowOf('1.3.0')).getByRole('button', { name: 'Publish version 1.3.0' }),
    );
    // Nothing is sent until the confirmation, which starts on Cancel.
    const confirm = await screen.findByRole('alertdialog', { name: 'Publish and freeze version 1.3.0?' });
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontend-versions/mfv-002/publish')).toHaveLength(0);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish version' }));
    expect(await screen.findByText('Version published')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontend-versions/mfv-002/publish')).toHaveLength(1);
    await waitFor(async () =>
      expect(within(await rowOf('1.3.0')).getByTestId('version-status')).toHaveTextContent('Published'),
    );
  });

  it("shows the server's reason when publishing is refused", async () => {
    renderPage({
      'POST /api/microfrontend-versions/mfv-002/publish': apiError(
        409,
        'Set entryUrl, exposedModules, integrityHash before publishing',
      ),
    });
    await userEvent.click(
      within(await rowOf('1.3.0')).getByRole('button', { name: 'Publish version 1.3.0' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Publish version' }));
    expect(
      await screen.findByText('Set entryUrl, exposedModules, integrityHash before publishing'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('publishes nothing when the confirmation is cancelled', async () => {
    const fetchMock = renderPage({});
    await userEvent.click(
      within(await rowOf('1.3.0')).getByRole('button', { name: 'Publish version 1.3.0' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontend-versions/mfv-002/publish')).toHaveLength(0);
    expect(within(await rowOf('1.3.0')).getByTestId('version-status')).toHaveTextContent('Draft');
  });

  it("deprecates a published version with the toast 'Version deprecated'", async () => {
    const fetchMock = renderPage({
      'POST /api/microfrontend-versions/mfv-001/deprecate': Response.json({
        ...published,
        status: 'deprecated',
      }),
    });
    await userEvent.click(
      within(await rowOf('1.2.0')).getByRole('button', { name: 'Deprecate version 1.2.0' }),
    );
    expect(await screen.findByText('Version deprecated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontend-versions/mfv-001/deprecate')).toHaveLength(1);
  });
});
