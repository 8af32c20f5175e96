import { useEffect } from 'react';

export const APP_TITLE = 'Resource Manager';

/** "Acme Corp · Control Plane · Resource Manager": the most specific part first, the app last. */
export function documentTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter((part): part is string => !!part), APP_TITLE].join(' · ');
}

/**
 * Names the browser tab (and what a screen reader announces on arrival) after the screen: each screen
 * calls it with its name, screens about one resource with that resource's name first.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
