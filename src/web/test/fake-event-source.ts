import type { LiveEvent } from '@contract/events';
import type { CreateLiveSource, LiveSource } from '@/live';

/**
 * An EventSource for jsdom, which has none: a real EventTarget the test drives the way a browser would,
 * dispatching MessageEvents that the connection's own parsing reads.
 */
export class FakeEventSource extends EventTarget implements LiveSource {
  readyState = 0;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.readyState = 2;
  }
  get closed() {
    return this.readyState === 2;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  /** A server-sent event; objects are sent as JSON, strings as they are. */
  send(type: string, data: unknown) {
    this.dispatchEvent(
      new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
  /** A dropped connection the browser retries, or (`gaveUp`) an answer it will not retry. */
  fail(gaveUp = false) {
    this.readyState = gaveUp ? 2 : 0;
    this.dispatchEvent(new Event('error'));
  }
}

/** A source factory that remembers every source it opened, newest last. */
export function fakeSources() {
  const sources: FakeEventSource[] = [];
  const create: CreateLiveSource = (url) => {
    const source = new FakeEventSource(url);
    sources.push(source);
    return source;
  };
  return { sources, create, latest: () => sources[sources.length - 1] };
}

/** A live event as the server sends it: someone else's tenant edit unless overridden. */
export function makeLiveEvent(overrides: Partial<LiveEvent> = {}): LiveEvent {
  return {
    id: '101',
    action: 'tenant.update',
    resourceType: 'tenant',
    resourceId: 't1',
    tenantId: 't1',
    revision: 4,
    actor: { id: 'user-other', email: 'other@example.com' },
    at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
