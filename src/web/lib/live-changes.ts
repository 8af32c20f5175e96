import type { LiveEvent } from '@contract/events';
import { createContext, useContext, useEffect, useRef } from 'react';

/** One live event as the console hands it on, and whether the signed-in user made it (in any tab). */
export type LiveChange = { event: LiveEvent; byViewer: boolean };
export type LiveChangeListener = (change: LiveChange) => void;

/** Where live changes are announced. The app's live connection provides it (src/web/live). */
export type LiveChanges = { subscribe: (listener: LiveChangeListener) => () => void };

/** A live changes hub: the connection emits, components subscribe. */
export function createLiveChanges(): LiveChanges & { emit: (change: LiveChange) => void } {
  const listeners = new Set<LiveChangeListener>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (change) => {
      for (const listener of [...listeners]) listener(change);
    },
  };
}

const LiveChangesContext = createContext<LiveChanges | null>(null);

/**
 * The shared components (an edit form) hear live changes through this context rather than by importing
 * the live feature, which components may not.
 */
export const LiveChangesProvider = LiveChangesContext.Provider;

/** Calls `listener` for every live change while mounted; nothing where no connection is provided. */
export function useLiveChange(listener: LiveChangeListener): void {
  const changes = useContext(LiveChangesContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => changes?.subscribe((change) => latest.current(change)), [changes]);
}
