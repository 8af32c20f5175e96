import { useChangeSummary } from '@/changes/api/get-change-summary';

/** How many requests wait for the user's approval; 0 while it loads or when it fails (a hint, never an error). */
function useWaitingForMe(): number {
  const summary = useChangeSummary();
  return Math.max(0, summary.data?.waitingForMe ?? 0);
}

/**
 * The words screen readers hear after "Changes": ", 2 waiting for your approval" (nothing at 0). Placed
 * inside the title's own text, since browsers put a space between flex items of a link's name.
 */
export function ChangesNavLabel() {
  const waiting = useWaitingForMe();
  return waiting > 0 ? <span className="sr-only">, {waiting} waiting for your approval</span> : null;
}

/** The count beside "Changes" in the sidebar, for the eye (the label says it to screen readers); hidden at 0. */
export function ChangesNavBadge() {
  const waiting = useWaitingForMe();
  if (waiting === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="changes-badge"
      className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-medium text-primary-foreground tabular-nums group-data-[collapsible=icon]:hidden"
    >
      {waiting > 99 ? '99+' : waiting}
    </span>
  );
}
