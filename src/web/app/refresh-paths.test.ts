import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ChangeKind } from '@contract/changes';
import { describe, expect, it } from 'vitest';
import { appliedChangeEffects } from '@/app/applied-change-effects';
import { liveEventEffects } from '@/app/live-event-effects';
import { invalidateChangeRequests } from '@/changes';
import { activeVersionsQueryOptions, invalidateVersions } from '@/control-plane';
import { subscribedCapabilitiesQueryOptions } from '@/gateway';
import { EVERYTHING, touchedBy } from '@/live';
import { meshKeys } from '@/microfrontends';
import { overviewKeys } from '@/overview';
import { invalidateWebApps, webAppKeys } from '@/web-apps';
import { makeLiveEvent } from '@/test/fake-event-source';

/*
 * A write reaches the screens that show it by three paths: the direct write's invalidator, an approved
 * change request's applied-change effects, and the live event the server sends. With the event stream
 * blocked (a proxy), the first two alone must refresh the screen; with it open, the third alone must.
 * Each path runs against a real QueryClient holding the screen's cached read, and the read must end up
 * invalidated by TanStack's own matching.
 */

const TENANT = 'tenant-001';

type Write = {
  /** The feature's invalidator, as its mutation calls it on success. */
  direct: (queryClient: QueryClient) => Promise<void>;
  /** The change kinds that make the same write through a request. */
  kinds: readonly ChangeKind[];
  /** The audit events the server sends for it. */
  events: readonly { resourceType: string; action: string }[];
};

const WRITES = {
  'a configuration version (create, activate, promote)': {
    direct: (queryClient) => invalidateVersions(queryClient, TENANT),
    kinds: ['configuration.create', 'configuration.activate', 'configuration.promote'],
    events: ['create', 'activate', 'promote'].map((verb) => ({
      resourceType: 'configuration-version',
      action: `configuration_version.${verb}`,
    })),
  },
  'a web app edit': {
    direct: (queryClient) => invalidateWebApps(queryClient),
    kinds: ['web_app.update'],
    events: [{ resourceType: 'web_app', action: 'web_app.update' }],
  },
} satisfies Record<string, Write>;

/** Each write and a screen showing what it changed, by the screen's own query key. */
const PAIRS: [keyof typeof WRITES, string, QueryKey][] = [
  [
    'a configuration version (create, activate, promote)',
    "the gateway dialogs' capability picker",
    subscribedCapabilitiesQueryOptions(TENANT, 'uat').queryKey,
  ],
  [
    'a configuration version (create, activate, promote)',
    "the control plane's active versions",
    activeVersionsQueryOptions({ tenantId: TENANT, environment: 'uat', region: 'us-east-1' }).queryKey,
  ],
  ['a web app edit', 'the meshes list', meshKeys.list({ limit: 50, offset: 0 })],
  ['a web app edit', "a web app's meshes", meshKeys.detail('mesh-1')],
  ['a web app edit', 'the web apps list', webAppKeys.list({ limit: 50, offset: 0 })],
  ['a web app edit', 'the Overview', overviewKeys.all],
];

/** A path's ways of making the write: each alone must refresh the screen (one change kind, one event). */
type Path = (write: Write) => ((queryClient: QueryClient) => Promise<unknown>)[];

const PATHS: Record<string, Path> = {
  'the direct write': (write) => [write.direct],
  'an approved change request': (write) =>
    write.kinds.map(
      (kind) => (queryClient) =>
        invalidateChangeRequests(
          queryClient,
          { kind, tenantId: TENANT, status: 'applied' },
          appliedChangeEffects,
        ),
    ),
  'a live event': (write) =>
    write.events.map(({ resourceType, action }) => (queryClient) => {
      const event = makeLiveEvent({ resourceType, action, resourceId: 'x', tenantId: TENANT });
      const touched = touchedBy(liveEventEffects, event);
      // Refreshing everything would pass trivially and hide a missing entry: each write names its reads.
      if (touched === EVERYTHING) throw new Error(`${action} refreshes everything`);
      return Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }),
};

/** Whether each of a path's ways of making the write invalidates the screen's cached read. */
async function refreshedBy(path: Path, write: Write, screenKey: QueryKey): Promise<boolean[]> {
  return Promise.all(
    path(write).map(async (step) => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(screenKey, []);
      await step(queryClient);
      return queryClient.getQueryState(screenKey)?.isInvalidated ?? false;
    }),
  );
}

describe('what a write refreshes, by every path', () => {
  const cases = PAIRS.flatMap(([write, screen, key]) =>
    Object.keys(PATHS).map((path) => [write, screen, path, key] as const),
  );

  it.each(cases)('%s refreshes %s through %s', async (write, _screen, path, key) => {
    const run = PATHS[path];
    if (!run) throw new Error(`no path ${path}`);
    const results = await refreshedBy(run, WRITES[write], key);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every(Boolean), JSON.stringify(key)).toBe(true);
  });

  it("leaves another tenant's capability picker alone", async () => {
    const other = subscribedCapabilitiesQueryOptions('tenant-002', 'uat').queryKey;
    for (const run of Object.values(PATHS)) {
      const results = await refreshedBy(
        run,
        WRITES['a configuration version (create, activate, promote)'],
        other,
      );
      expect(results.some(Boolean)).toBe(false);
    }
  });
});
