import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { INTERACTIVE_ATTRIBUTE } from '@contract/server-render';
import { AppProviders } from '@/app/providers';
import type { AppRouter } from '@/app/router';

// What react-router/dom's RouterProvider adds (navigate(..., { flushSync })), without that entry's
// other exports in the initial bundle.
const flush = (fn: () => unknown) => void flushSync(fn);

export function App({ router }: { router: AppRouter }) {
  useEffect(() => document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, ''), []);
  return (
    <AppProviders>
      <RouterProvider router={router} flushSync={flush} />
    </AppProviders>
  );
}
