import { focusManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMe } from '@/auth';
import { createLiveChanges, type LiveChanges } from '@/lib/live-changes';
import { connectLive, type CreateLiveSource, type LiveStatus } from '@/live/live-connection';
import { createLiveInvalidator } from '@/live/live-invalidation';

type Options = {
  /** The EventSource to open; tests hand in their own (jsdom has none). */
  createSource?: CreateLiveSource;
};

/**
 * The console's live connection, for the signed-in shell: one stream per tab, open while mounted and
 * signed in. Each event refreshes the reads it touches and is handed on to open forms; while the stream
 * is down, every read refetches when the window regains focus, as queries here never go stale by time.
 */
export function useLiveConsole({ createSource }: Options = {}): {
  status: LiveStatus;
  changes: LiveChanges;
} {
  const queryClient = useQueryClient();
  const viewerId = useMe()?.user.id ?? null;
  const [changes] = useState(createLiveChanges);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (viewerId === null) return;
    const invalidator = createLiveInvalidator(queryClient);
    const close = connectLive(
      {
        change: (event) => {
          invalidator.change(event);
          changes.emit({ event, byViewer: event.actor?.id === viewerId });
        },
        resync: invalidator.everything,
        status: setStatus,
      },
      createSource,
    );
    return () => {
      close();
      setStatus('connecting');
    };
  }, [queryClient, createSource, changes, viewerId]);

  useEffect(() => {
    if (status !== 'offline') return;
    return focusManager.subscribe((focused) => {
      if (focused) void queryClient.invalidateQueries();
    });
  }, [status, queryClient]);

  return { status, changes };
}
