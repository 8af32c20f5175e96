import { useChangeSummary } from '@/changes/api/get-change-summary';

/** How many requests wait for the user's approval; 0 while it loads or when it fails (a hint, never an error). */
function useWaitingForMe(): number {
  const summary = useChangeSummary();
  return Math.max(0, summary.data?.waitingForMe ?? 0);
}

/**
 * The entry's title. With requests waiting, screen readers hear "Changes, 2 waiting for your approval"
 * as the link's name: the whole phrase is one visually hidden text and the visible title is hidden from
 * them, since browsers put a space before any separate piece (a visually hidden span is a block).
 */
export function ChangesNavLabel({ title }: { title: string }) {
  const waiting = useWaitingForMe();
  if (waiting === 0) return <>{title}</>;
  return (
    <>
      <span aria-hidden="true">{title}</span>
      <span className="sr-only">
        {title}, {waiting} waiting for your approval
      </span>
    </>
  );
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
