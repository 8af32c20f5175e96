import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { MyNotificationsCard } from '@/settings/components/my-notifications-card';
import { apiError, never, requestsTo, stubApi, TEST_TIMEOUT } from '@/settings/test/fixtures';
import { renderWithProviders } from '@/test/render';

const PATH = '/api/me/notification-preferences';
const ALL_ON = { awaitingReview: true, myRequests: true, rolloutRolledBack: true, revision: 0 };

function renderCard(emailOn = true) {
  return renderWithProviders(
    <>
      <MyNotificationsCard emailOn={emailOn} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyNotificationsCard', { timeout: TEST_TIMEOUT }, () => {
  it('shows each kind on until saved, and saves a switch at once under If-Match, with a toast', async () => {
    let stored = ALL_ON;
    const fetchMock = stubApi({
      [`GET ${PATH}`]: () => Response.json(stored),
      [`PUT ${PATH}`]: ({ body }) => {
        stored = { ...stored, ...(body as object), revision: stored.revision + 1 };
        return Response.json(stored);
      },
    });
    renderCard();
    expect(screen.getByText('Loading your notifications...')).toBeInTheDocument();
    const review = await screen.findByRole('switch', { name: 'Change requests awaiting my review' });
    expect(review).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Outcome of my change requests' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Rollouts rolled back' })).toBeChecked();

    await userEvent.click(review);
    expect(await screen.findByText('Notifications updated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', PATH)[0]?.body).toEqual({
      awaitingReview: false,
      myRequests: true,
      rolloutRolledBack: true,
    });
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(new Headers(init?.headers).get('if-match')).toBe('"0"');
    await waitFor(() => expect(review).not.toBeChecked());
  });

  it('puts the switch back with an error toast when the save is refused', async () => {
    stubApi({
      [`GET ${PATH}`]: ALL_ON,
      [`PUT ${PATH}`]: apiError(412, 'Your notification preferences were changed by someone else'),
    });
    renderCard();
    const outcome = await screen.findByRole('switch', { name: 'Outcome of my change requests' });
    await userEvent.click(outcome);
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
    await waitFor(() => expect(outcome).toBeChecked());
  });

  it('says when e-mail is off for everyone, and shows a load failure with Retry', async () => {
    stubApi({ [`GET ${PATH}`]: apiError(503, 'Database unavailable') });
    renderCard(false);
    expect(screen.getByText(/switched off for everyone/)).toBeInTheDocument();
    expect(await screen.findByText('Could not load your notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('shows loading while the preferences are on their way', () => {
    stubApi({ [`GET ${PATH}`]: never });
    renderCard();
    expect(screen.getByText('Loading your notifications...')).toHaveAttribute('aria-busy', 'true');
  });
});
