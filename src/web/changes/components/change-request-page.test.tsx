import type { ChangeRequestDetail } from '@contract/changes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeRequestPage } from '@/changes/components/change-request-page';
import { changeRequestDetail, NO_ABILITIES } from '@/changes/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { apiError, requestsTo, stubApi } from '@/test/api-stub';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Handlers = Parameters<typeof stubApi>[0];

/**
 * Serves GET /api/change-requests/cr-1 from a current state that each successful POST stub (a detail)
 * replaces, as the server would: the refetch after a write reads what the write left.
 */
function renderReview(
  detail: ChangeRequestDetail | Response,
  posts: Record<string, ChangeRequestDetail | Response> = {},
  handlers: Handlers = {},
) {
  let current = detail;
  const postHandlers: Handlers = Object.fromEntries(
    Object.entries(posts).map(([action, answer]) => [
      `POST /api/change-requests/cr-1/${action}`,
      () => {
        if (answer instanceof Response) return answer.clone();
        current = answer;
        return Response.json(answer);
      },
    ]),
  );
  const fetchMock = stubApi({
    'GET /api/change-requests/cr-1': () =>
      current instanceof Response ? current.clone() : Response.json(current),
    ...postHandlers,
    ...handlers,
  });
  const utils = renderWithProviders(<></>, {
    path: '/changes/cr-1',
    queryClient: queryClientWithMe(makeMe({ memberships: [{ tenantId: 'tenant-1', role: 'owner' }] })),
    routes: [
      {
        path: '/changes/:changeId',
        element: (
          <>
            <ChangeRequestPage />
            <Toaster />
          </>
        ),
      },
      { path: '/changes', element: <p>list</p> },
    ],
  });
  return { ...utils, fetchMock };
}

/** The If-Match header of the last POST to `path`. */
function lastIfMatch(fetchMock: ReturnType<typeof stubApi>, path: string): string | undefined {
  const call = fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input) === path)
    .at(-1);
  return (call?.[1]?.headers as Record<string, string> | undefined)?.['If-Match'];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangeRequestPage', () => {
  it('shows the request: number, title, status, approvals, where, who, the diff and the timeline', async () => {
    renderReview(changeRequestDetail({ description: 'Batch jobs time out.' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '#7 New Payments configuration in production · us-east-1',
      }),
    ).toBeInTheDocument();
    const summary = screen.getByTestId('change-summary');
    expect(within(summary).getByTestId('change-status')).toHaveTextContent('Awaiting approval 0/1');
    expect(within(summary).getByTestId('change-approvals')).toHaveTextContent('0 of 1');
    expect(summary).toHaveTextContent('Acme Corp');
    expect(summary).toHaveTextContent('Prod');
    expect(summary).toHaveTextContent('New configuration version');
    expect(summary).toHaveTextContent('dev@example.com');
    expect(screen.getByText('Batch jobs time out.')).toBeInTheDocument();

    const diff = screen.getByTestId('change-diff-entry');
    expect(within(diff).getByText('production · us-east-1: v2 → v3')).toBeInTheDocument();
    expect(diff.querySelector('[data-diff="removed"]')).toHaveTextContent('"timeout": 10');
    expect(diff.querySelector('[data-diff="added"]')).toHaveTextContent('"timeout": 30');

    const timeline = screen.getByTestId('change-timeline');
    expect(within(timeline).getByText('dev@example.com')).toBeInTheDocument();
    expect(within(timeline).getByText('Longer timeout for the batch jobs')).toBeInTheDocument();
    expect(document.title).toContain('#7');
  });

  it('shows only the actions the server allows, and why approving is blocked', async () => {
    renderReview(
      changeRequestDetail({
        can: {
          ...NO_ABILITIES,
          cancel: true,
          approveBlockedBy: 'You requested this change: another person must approve it',
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh diff' })).not.toBeInTheDocument();
    expect(screen.getByTestId('approve-blocked')).toHaveTextContent(
      'You requested this change: another person must approve it',
    );
  });

  it('approves with a comment, sending the revision as If-Match, and shows it applied', async () => {
    const applied = changeRequestDetail({
      status: 'applied',
      approvals: 1,
      revision: 4,
      appliedAt: '2026-11-20T11:00:00.000Z',
      appliedBy: 'alice@example.com',
      outcome: 'Created version 3',
      can: NO_ABILITIES,
    });
    const { fetchMock } = renderReview(changeRequestDetail(), {
      approve: applied,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve #7?' });
    expect(dialog).toHaveTextContent('Yours is the last approval needed');
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'Looks right');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/approve')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/approve')[0]!.body).toEqual({
      comment: 'Looks right',
    });
    expect(lastIfMatch(fetchMock, '/api/change-requests/cr-1/approve')).toBe('"3"');
    expect(await screen.findByText('Change applied')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const outcome = screen.getByTestId('change-outcome');
    expect(outcome).toHaveTextContent('The change was applied');
    expect(outcome).toHaveTextContent('alice@example.com');
    expect(outcome).toHaveTextContent('Created version 3');
  });

  it('approves without a comment with an empty body', async () => {
    const { fetchMock } = renderReview(changeRequestDetail(), {
      approve: changeRequestDetail({ approvals: 1, requiredApprovals: 2 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/approve')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/approve')[0]!.body).toEqual({});
    expect(await screen.findByText('Approval recorded')).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    const { fetchMock } = renderReview(changeRequestDetail(), {
      reject: changeRequestDetail({ status: 'rejected', can: NO_ABILITIES }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject #7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Say why you reject it')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/reject')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong region');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/reject')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/reject')[0]!.body).toEqual({
      comment: 'Wrong region',
    });
    expect(lastIfMatch(fetchMock, '/api/change-requests/cr-1/reject')).toBe('"3"');
    expect(await screen.findByText('Change request rejected')).toBeInTheDocument();
    expect(screen.getByTestId('change-summary')).toHaveTextContent('Rejected');
  });

  it('warns about a stale request and refreshes it', async () => {
    const { fetchMock } = renderReview(
      changeRequestDetail({
        stale: true,
        can: {
          approve: false,
          approveBlockedBy: 'What it changes has moved on since the request: refresh it first',
        },
      }),
      { refresh: changeRequestDetail({ revision: 4 }) },
    );
    const alert = await screen.findByTestId('stale-alert');
    expect(alert).toHaveTextContent('This request is out of date.');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/refresh')).toHaveLength(1),
    );
    expect(lastIfMatch(fetchMock, '/api/change-requests/cr-1/refresh')).toBe('"3"');
    expect(await screen.findByText('Change request refreshed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('stale-alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('shows the conflict alert on a 412 and reloads the request', async () => {
    let reads = 0;
    const { fetchMock } = renderReview(
      changeRequestDetail(),
      {},
      {
        'GET /api/change-requests/cr-1': () =>
          Response.json(
            changeRequestDetail(reads++ === 0 ? {} : { revision: 5, approvals: 1, requiredApprovals: 2 }),
          ),
        'POST /api/change-requests/cr-1/cancel': Response.json(
          {
            message:
              'Change request #7 was changed by someone else (now at revision 5); reload it and try again',
            code: 'PRECONDITION_FAILED',
            currentRevision: 5,
            current: {},
          },
          { status: 412 },
        ),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel #7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));

    const conflict = await screen.findByTestId('conflict-alert');
    expect(conflict).toHaveTextContent('Someone else changed this change request');
    expect(screen.getAllByText('Not changed').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByTestId('change-approvals')).toHaveTextContent('1 of 2'));
    expect(screen.queryByTestId('conflict-alert')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/change-requests/cr-1').length).toBeGreaterThanOrEqual(2);
  });

  it('schedules in a chosen time zone', async () => {
    const { fetchMock } = renderReview(changeRequestDetail(), {
      schedule: changeRequestDetail({
        scheduledAt: '2030-01-15T08:30:15.000Z',
        scheduleTimeZone: 'Europe/Berlin',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule change' });
    const zone = within(dialog).getByLabelText('Time zone');
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    // The browser's datetime-local gives "YYYY-MM-DDTHH:mm:ss" with step=1.
    const time = within(dialog).getByLabelText('Date and time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(within(dialog).getByText('Choose a date and time')).toBeInTheDocument();
    fireEvent.change(time, { target: { value: '2030-01-15T09:30:15' } });
    await userEvent.selectOptions(zone, 'Europe/Berlin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/schedule')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/schedule')[0]!.body).toEqual({
      schedule: { localTime: '2030-01-15T09:30:15', timeZone: 'Europe/Berlin' },
    });
    expect(await screen.findByText('Schedule set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it('says that a move beyond the approved time asks for approval again', async () => {
    const approved = changeRequestDetail({
      status: 'scheduled',
      approvals: 1,
      scheduledAt: '2030-01-15T08:30:00.000Z',
      scheduleTimeZone: 'UTC',
    });
    renderReview(approved, {
      schedule: changeRequestDetail({
        scheduledAt: '2030-01-14T08:30:00.000Z',
        scheduleTimeZone: 'UTC',
        events: [
          ...approved.events,
          {
            id: 'ev-2',
            kind: 'reopen',
            round: 2,
            author: 'dev@example.com',
            body: '2030-01-14T08:30 UTC: earlier than the approved time; approvals start again',
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule change' });
    expect(
      within(dialog).getByText(/earlier, or more than 24 hours later, asks for approval again/),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Date and time'), {
      target: { value: '2030-01-14T08:30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Approval needed again')).toBeInTheDocument();
    expect(screen.getByTestId('change-timeline')).toHaveTextContent(
      'moved the schedule beyond what was approved (approvals start again)',
    );
  });

  it('adds a comment without If-Match', async () => {
    const { fetchMock } = renderReview(changeRequestDetail(), {
      comments: changeRequestDetail({
        events: [
          ...changeRequestDetail().events,
          {
            id: 'ev-2',
            kind: 'comment',
            round: 1,
            author: 'alice@example.com',
            body: 'Which batch jobs?',
            createdAt: '2026-11-20T10:10:00.000Z',
          },
        ],
      }),
    });
    await userEvent.type(await screen.findByLabelText('Comment'), 'Which batch jobs?');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/comments')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/comments')[0]!.body).toEqual({
      body: 'Which batch jobs?',
    });
    expect(lastIfMatch(fetchMock, '/api/change-requests/cr-1/comments')).toBeUndefined();
    expect(
      await within(screen.getByTestId('change-timeline')).findByText('Which batch jobs?'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('');
  });

  it('says not found for a missing request', async () => {
    renderReview(apiError(404, 'Change request not found'));
    expect(await screen.findByRole('heading', { name: 'Change request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Changes' })).toHaveAttribute('href', '/changes');
  });
});
