import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';

// What react-router/dom's RouterProvider adds (navigate(..., { flushSync })), without that entry's
// other exports in the initial bundle.
const flush = (fn: () => unknown) => void flushSync(fn);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} flushSync={flush} />
    </AppProviders>
  );
}
