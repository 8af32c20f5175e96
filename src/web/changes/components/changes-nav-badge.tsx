import { useChangeSummary } from '@/changes/api/get-change-summary';

/**
 * The count beside "Changes" in the sidebar: how many requests wait for the user's approval, hidden at
 * 0 (and while it loads or when it fails: a badge is a hint, never an error). The number is shown to the
 * eye; screen readers hear it as part of the link's name, "Changes, 2 waiting for your approval".
 */
export function ChangesNavBadge() {
  const summary = useChangeSummary();
  const waiting = summary.data?.waitingForMe ?? 0;
  if (waiting <= 0) return null;
  return (
    <>
      <span className="sr-only">, {waiting} waiting for your approval</span>
      <span
        aria-hidden="true"
        data-testid="changes-badge"
        className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-medium text-primary-foreground tabular-nums group-data-[collapsible=icon]:hidden"
      >
        {waiting > 99 ? '99+' : waiting}
      </span>
    </>
  );
}
