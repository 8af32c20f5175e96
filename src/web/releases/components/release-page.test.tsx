import type { ReleaseDraft } from '@contract/releases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ReleasePage } from '@/releases/components/release-page';
import { filedRelease, releaseDraft } from '@/releases/test/fixtures';
import { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';

type Handlers = Parameters<typeof stubApi>[0];

/** GET answers the current draft, which a successful PUT replaces, as the server would. */
function renderRelease(draft: ReleaseDraft | Response, handlers: Handlers = {}) {
  let current = draft;
  const fetchMock = stubApi({
    'GET /api/release-draft': () => (current instanceof Response ? current.clone() : Response.json(current)),
    'PUT /api/release-draft': ({ body }) => {
      const { title, order } = body as { title: string; order: string[] };
      if (current instanceof Response) return current.clone();
      const byId = new Map(current.changes.map((change) => [change.id, change]));
      current = {
        ...current,
        title,
        changes: order.flatMap((id) => byId.get(id) ?? []),
        revision: current.revision + 1,
      };
      return Response.json(current);
    },
    ...handlers,
  });
  const utils = renderWithProviders(<></>, {
    path: '/releases/draft',
    routes: [
      {
        path: '/releases/draft',
        element: (
          <>
            <ReleasePage />
            <Toaster />
          </>
        ),
      },
      {
        path: '/changes/:id',
        element: (
          <>
            <p>request page</p>
            <Toaster />
          </>
        ),
      },
    ],
  });
  return { ...utils, fetchMock };
}

const titles = () =>
  screen.getAllByTestId('release-change').map((item) => item.querySelector('p')?.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReleasePage', () => {
  it('says it is loading, then that the release is empty and how to fill it', async () => {
    renderRelease(releaseDraft({ changes: [] }));
    expect(screen.getByText('Loading your release...')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your release is empty: use “Add to release” in any editor that files a change request.',
      ),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the draft cannot be read', async () => {
    renderRelease(apiError(500, 'Database unavailable'));
    expect(await screen.findByText('Could not load your release')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('reorders with keyboard-operable buttons, keeps the focus on the moved change, and saves with If-Match', async () => {
    const { fetchMock } = renderRelease(releaseDraft());
    await screen.findByRole('heading', { level: 1, name: 'Payments v2' });
    expect(titles()).toEqual([
      'Change 1: Activate Payments v2 in production',
      'Change 2: New route /payments',
      'Change 3: Allow /payments in OPA',
    ]);
    expect(
      screen.getByRole('button', { name: 'Move change 1 (Activate Payments v2 in production) up' }),
    ).toBeDisabled();

    screen.getByRole('button', { name: 'Move change 3 (Allow /payments in OPA) up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(titles()).toEqual([
      'Change 1: Activate Payments v2 in production',
      'Change 2: Allow /payments in OPA',
      'Change 3: New route /payments',
    ]);
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName('Move change 2 (Allow /payments in OPA) up'),
    );
    expect(screen.getByTestId('release-unsaved')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/api/release-draft')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PUT', '/api/release-draft')[0]?.body).toEqual({
      title: 'Payments v2',
      description: null,
      order: ['a', 'c', 'b'],
    });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect((put?.[1]?.headers as Record<string, string>)['If-Match']).toBe('"4"');
    expect(await screen.findByText('Release saved')).toBeInTheDocument();
    expect(screen.queryByTestId('release-unsaved')).not.toBeInTheDocument();
  });

  it('removes a change, then files: saves the edits first, files with the schedule, and opens the new request', async () => {
    const { fetchMock, router } = renderRelease(releaseDraft(), {
      'POST /api/release-draft/file': () => Response.json(filedRelease({ changeCount: 2 }), { status: 201 }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove change 2 (New route /payments)' }),
    );
    expect(titles()).toHaveLength(2);
    // The focus goes to the change that took its place.
    expect(document.activeElement).toHaveAccessibleName('Remove change 2 (Allow /payments in OPA)');

    await userEvent.click(screen.getByRole('button', { name: 'File release' }));
    const dialog = await screen.findByRole('dialog', { name: 'File release' });
    expect(dialog).toHaveTextContent('Its 2 changes become one change request');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Schedule for later' }));
    expect(within(dialog).getByRole('button', { name: 'File release' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Apply at'), {
      target: { value: '2026-12-01T09:30:15' },
    });
    await userEvent.selectOptions(within(dialog).getByLabelText('Time zone'), 'UTC');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File release' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/changes/cr-12'));
    expect(requestsTo(fetchMock, 'PUT', '/api/release-draft')[0]?.body).toMatchObject({ order: ['a', 'c'] });
    expect(requestsTo(fetchMock, 'POST', '/api/release-draft/file')[0]?.body).toEqual({
      schedule: { localTime: '2026-12-01T09:30:15', timeZone: 'UTC' },
    });
    expect(await screen.findByText('Release filed as change request #12')).toBeInTheDocument();
  });

  it('names the refused change on the list when filing is refused', async () => {
    renderRelease(releaseDraft(), {
      'POST /api/release-draft/file': apiError(
        400,
        'Change 2 of 3 (New route /payments): the path is taken',
        [{ path: 'body.changes[1].body.path', message: 'The path /payments is taken in production' }],
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'File release' }));
    const dialog = await screen.findByRole('dialog', { name: 'File release' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'File release' }));

    expect(
      await screen.findByText('Change 2 of 3 (New route /payments): the path is taken'),
    ).toBeInTheDocument();
    const refused = screen.getAllByTestId('release-change')[1];
    expect(refused).toHaveAttribute('aria-invalid', 'true');
    expect(within(refused!).getByTestId('release-change-refusal')).toHaveTextContent(
      'The path /payments is taken in production',
    );
  });

  it('discards the release after asking', async () => {
    const { fetchMock } = renderRelease(releaseDraft(), {
      'DELETE /api/release-draft': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Discard release' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this release?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Discard release' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE', '/api/release-draft')).toHaveLength(1));
    expect(await screen.findByText('Release discarded')).toBeInTheDocument();
  });

  it('stays busy while the draft loads', () => {
    renderRelease(releaseDraft(), { 'GET /api/release-draft': never });
    expect(screen.getByText('Loading your release...')).toHaveAttribute('aria-busy', 'true');
  });
});
