import type { ReactElement } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { TenantControlPlanePage } from '@/app/pages/tenant-control-plane-page';

/**
 * Renders `element` (default: the page of tenant-001, with `search` as its query string) with a toaster,
 * signed in as `me` (default: an administrator).
 */
export function renderControlPlane(
  element: ReactElement = <TenantControlPlanePage />,
  { me = makeMe({ globalRole: 'admin' }), tenantId = 'tenant-001', search = '' } = {},
) {
  return renderWithProviders(
    <>
      {element}
      <Toaster />
    </>,
    {
      path: `/tenant/${tenantId}/control-plane${search}`,
      routes: [
        {
          path: '/tenant/:tenantId/control-plane',
          element: (
            <>
              {element}
              <Toaster />
            </>
          ),
        },
        { path: '/tenants', element: <p>Tenants list</p> },
      ],
      queryClient: queryClientWithMe(me),
    },
  );
}
