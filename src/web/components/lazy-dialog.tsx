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

/** A lazily loaded dialog: a component, and how to fetch its chunk ahead of opening it. */
export type LazyDialog<P> = ComponentType<P> & { prefetch: () => void };

/**
 * Fetches the dialogs' chunks once the screen is idle: for a screen that mounts a lazy dialog only
 * when it opens (its props need a subject), so its chunk is there by the time the user clicks.
 */
export function usePrefetchWhenIdle(...dialogs: { prefetch: () => void }[]) {
  // Once per mount: the dialogs are module constants, and fetching a chunk twice is a no-op anyway.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => whenIdle(() => dialogs.forEach((dialog) => dialog.prefetch())), []);
}

/**
 * A dialog whose code is a chunk of its own, so a list screen downloads only what paints the list
 * (issue 27). The chunk is fetched once the screen is idle, so it is there by the time a user clicks;
 * should the click come first, the dialog appears as soon as its chunk arrives (nothing shows before,
 * as a modal with a spinner would flash). Once it has opened the dialog stays mounted, so closing
 * animates out and focus returns exactly as with a dialog imported up front.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>): LazyDialog<P>;
/**
 * The same for a dialog that says otherwise whether it is open: a confirmation open while it has a
 * subject, or a dialog its screen mounts only while open (`() => true`, with usePrefetchWhenIdle).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): LazyDialog<P>;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen = (props: P) => 'open' in props && props.open === true,
): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  /** The dialog once its chunk has arrived: rendered as it is, so an opening after the prefetch never suspends. */
  let loaded: ComponentType<P> | undefined;
  const fetchChunk = () => (loading ??= load().then((component) => (loaded = component)));
  // A failed prefetch is retried by opening (React.lazy reports that failure to the error boundary).
  const prefetch = () => void fetchChunk().catch(() => (loading = undefined));
  const Suspending = lazy(async () => ({ default: await fetchChunk() }));

  function LazyDialog(props: P) {
    const open = isOpen(props);
    // Chosen at the first opening and kept, so the dialog is never remounted once shown.
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() =>
      open ? (loaded ?? Suspending) : null,
    );
    if (open && !Dialog) setDialog(() => loaded ?? Suspending);
    usePrefetchWhenIdle(LazyDialog);
    if (!Dialog) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  LazyDialog.prefetch = prefetch;
  return LazyDialog;
}
