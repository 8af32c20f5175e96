import { ApiAccessPage } from '@/api-tokens/components/api-access-page';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

/** The API access page with its toasts, signed in as an ordinary person. */
export function renderApiAccessPage() {
  return renderWithProviders(
    <>
      <ApiAccessPage />
      <Toaster />
    </>,
    { path: '/api-access', queryClient: queryClientWithMe(makeMe()) },
  );
}
