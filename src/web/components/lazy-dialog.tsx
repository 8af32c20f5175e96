import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** The props every dialog of a list screen takes: the screen owns whether it is open. */
type DialogProps = { open: boolean };

/** Runs `task` once the browser is idle (after the screen painted); a timeout where there is no idle callback. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

/**
 * A dialog whose code is a chunk of its own, so a list screen downloads only what paints the list
 * (issue 27). The chunk is fetched once the screen is idle, so it is there by the time a user clicks;
 * should the click come first, the dialog appears as soon as its chunk arrives (nothing shows before,
 * as a modal with a spinner would flash). Once it has opened the dialog stays mounted, so closing
 * animates out and focus returns exactly as with a dialog imported up front.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const prefetch = () => (loading ??= load());
  const Dialog = lazy(async () => ({ default: await prefetch() }));

  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    useEffect(
      () =>
        whenIdle(() => {
          // A failed prefetch is retried by opening (React.lazy reports that failure to the error boundary).
          prefetch().catch(() => (loading = undefined));
        }),
      [],
    );
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
