import { LIVE_MESSAGES } from '@contract/events';
import { WifiOff } from 'lucide-react';
import type { LiveStatus } from '@/live/live-connection';

/**
 * The header's word on the live connection: nothing while it is live (or still opening), a small
 * notice while it is down. The status region stays mounted so screen readers announce the change;
 * `data-state` tells end-to-end tests when the stream is open.
 */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const offline = status === 'offline';
  return (
    <div role="status" data-testid="live-indicator" data-state={status} className="flex items-center">
      {offline && (
        <span className="inline-flex items-center gap-1.5 rounded-md border border-amber-500/60 bg-amber-500/10 px-2 py-1 text-xs font-medium text-amber-800 dark:text-amber-300">
          <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="max-sm:sr-only">{LIVE_MESSAGES.offline}</span>
        </span>
      )}
    </div>
  );
}
