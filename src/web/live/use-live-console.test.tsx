import { focusManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { LIVE_MESSAGES } from '@contract/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tenantKeys } from '@/tenants';
import { LiveChangesProvider, useLiveChange, type LiveChange } from '@/lib/live-changes';
import { LiveIndicator, useLiveConsole, type CreateLiveSource } from '@/live';
import { fakeSources, makeLiveEvent } from '@/test/fake-event-source';
import { makeMe, queryClientWithMe } from '@/test/me';
import { withResourceEffects } from '@/test/resource-effects';

const ME = makeMe();

/** The shell's use of the hook: the indicator, and a listener standing in for an open form. */
function Shell({ createSource, heard }: { createSource: CreateLiveSource; heard: (c: LiveChange) => void }) {
  const live = useLiveConsole({ createSource });
  return (
    <LiveChangesProvider value={live.changes}>
      <LiveIndicator status={live.status} />
      <Listener heard={heard} />
    </LiveChangesProvider>
  );
}
function Listener({ heard }: { heard: (change: LiveChange) => void }) {
  useLiveChange(heard);
  return null;
}

function renderShell(queryClient: QueryClient = withResourceEffects(queryClientWithMe(ME))) {
  const factory = fakeSources();
  const heard = vi.fn<(change: LiveChange) => void>();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Shell createSource={factory.create} heard={heard} />
    </QueryClientProvider>,
  );
  return { factory, heard, view, queryClient };
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('useLiveConsole', () => {
  it('opens one stream for the signed-in user and closes it on sign-out', () => {
    const { factory, view } = renderShell();
    expect(factory.sources).toHaveLength(1);
    view.unmount();
    expect(factory.latest()?.closed).toBe(true);
  });

  it('opens nothing while nobody is signed in', () => {
    const { factory } = renderShell(queryClientWithMe(null));
    expect(factory.sources).toHaveLength(0);
  });

  it("hands each change on, marking the signed-in user's own", () => {
    const { factory, heard } = renderShell();
    const mine = makeLiveEvent({ id: '1', actor: { id: ME.user.id, email: ME.user.email } });
    const theirs = makeLiveEvent({ id: '2' });
    act(() => {
      factory.latest()?.send('change', mine);
      factory.latest()?.send('change', theirs);
    });
    expect(heard.mock.calls).toEqual([
      [{ event: mine, byViewer: true }],
      [{ event: theirs, byViewer: false }],
    ]);
  });

  it('shows the indicator only while the stream is down, in a status region', () => {
    const { factory } = renderShell();
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    act(() => factory.latest()?.fail());
    expect(region).toHaveTextContent(LIVE_MESSAGES.offline);
    act(() => factory.latest()?.open());
    expect(region).toBeEmptyDOMElement();
  });

  it('refetches on window focus while the stream is down, and not once it is back', () => {
    const { factory, queryClient } = renderShell();
    const key = tenantKeys.detail('t1');
    queryClient.setQueryData(key, 'cached');
    const invalidated = () => queryClient.getQueryState(key)?.isInvalidated;

    act(() => factory.latest()?.open());
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    expect(invalidated()).toBe(false);

    act(() => factory.latest()?.fail());
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    expect(invalidated()).toBe(true);
  });
});
