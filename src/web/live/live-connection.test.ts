import { LIVE_EVENTS_PATH } from '@contract/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLive, type LiveHandlers } from '@/live/live-connection';
import { fakeSources, makeLiveEvent } from '@/test/fake-event-source';

function connect() {
  const handlers = { change: vi.fn(), resync: vi.fn(), status: vi.fn() } satisfies LiveHandlers;
  const factory = fakeSources();
  const close = connectLive(handlers, factory.create);
  return { handlers, factory, close };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connectLive', () => {
  it('opens one stream on the events path and hands on each change it can parse', () => {
    const { handlers, factory } = connect();
    expect(factory.sources.map((source) => source.url)).toEqual([LIVE_EVENTS_PATH]);
    const source = factory.latest();
    source?.open();
    const event = makeLiveEvent();
    source?.send('change', event);
    source?.send('change', 'not json');
    source?.send('change', { ...event, id: 'abc' });
    source?.send('change', { ...event, revision: 'four' });
    expect(handlers.change.mock.calls).toEqual([[event]]);
  });

  it('says live once open or ready, offline on an error, and live again when the browser reconnects', () => {
    const { handlers, factory } = connect();
    const source = factory.latest();
    source?.send('ready', { lastEventId: '7' });
    expect(handlers.status).toHaveBeenLastCalledWith('live');
    source?.fail();
    expect(handlers.status).toHaveBeenLastCalledWith('offline');
    source?.open();
    expect(handlers.status).toHaveBeenLastCalledWith('live');
    // The browser resumed with Last-Event-ID itself: no new stream, nothing to refetch.
    expect(factory.sources).toHaveLength(1);
    expect(handlers.resync).not.toHaveBeenCalled();
  });

  it('resyncs everything when the server says the gap is too old', () => {
    const { handlers, factory } = connect();
    factory.latest()?.send('reset', {});
    expect(handlers.resync).toHaveBeenCalledTimes(1);
  });

  it('opens a new stream after the browser gave up, and resyncs once it is open', () => {
    vi.useFakeTimers();
    const { handlers, factory } = connect();
    factory.latest()?.fail(true);
    expect(handlers.status).toHaveBeenLastCalledWith('offline');
    expect(factory.sources).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(factory.sources).toHaveLength(2);
    expect(handlers.resync).not.toHaveBeenCalled();
    factory.latest()?.open();
    expect(handlers.status).toHaveBeenLastCalledWith('live');
    expect(handlers.resync).toHaveBeenCalledTimes(1);
  });

  it('closes the stream and stops retrying when closed', () => {
    vi.useFakeTimers();
    const { handlers, factory, close } = connect();
    const source = factory.latest();
    source?.fail(true);
    close();
    vi.advanceTimersByTime(60_000);
    expect(factory.sources).toHaveLength(1);
    expect(source?.closed).toBe(true);
    expect(handlers.status).toHaveBeenCalledTimes(1);
  });
});
