import { useSyncExternalStore } from 'react';

/** docs/product.md, Constants and limits: below 768 px the sidebar becomes a slide-in sheet. */
export const MOBILE_BREAKPOINT = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void) {
  // jsdom and very old browsers have no matchMedia: treat the width as fixed.
  if (typeof window.matchMedia !== 'function') return () => {};
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function getSnapshot() {
  return window.innerWidth < MOBILE_BREAKPOINT;
}

// An external store instead of state set in an effect: the first render already knows the answer.
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
