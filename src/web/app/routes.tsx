import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { RequireSession, SessionPending } from '@/auth';

/** A lazily loaded screen (`null` path: the index route): its code loads on the first visit. */
function page(path: string | null, load: () => Promise<ComponentType>): RouteObject {
  return {
    ...(path === null ? { index: true } : { path }),
    ErrorBoundary: RouteErrorBoundary,
    lazy: async () => ({ Component: await load() }),
  };
}

/**
 * The route table of docs/product.md, Screens and routes, plus sign-in (outside the shell), the
 * Microfrontends registry, the Audit Log and Changes.
 */
export const routes: RouteObject[] = [
  {
    path: '/login',
    HydrateFallback: SessionPending,
    ErrorBoundary: RouteErrorBoundary,
    lazy: async () => ({ Component: (await import('@/auth/components/login-page')).LoginPage }),
  },
  {
    path: '/',
    // Every screen of the shell needs a session.
    Component: RequireSession,
    HydrateFallback: SessionPending,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Lazy too: a sign-in visit never downloads the shell (sidebar, menus, tooltips), and a signed-in
        // one loads it in parallel with the session check and the screen's own chunk.
        lazy: async () => ({ Component: (await import('@/app/shell/app-shell')).AppShell }),
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page(null, () => import('@/overview/components/overview-page').then((m) => m.OverviewPage)),
          page('tenants', () => import('@/tenants/components/tenants-page').then((m) => m.TenantsPage)),
          page('users', () => import('@/users/components/users-page').then((m) => m.UsersPage)),
          page('tenant/:tenantId/control-plane', () =>
            import('@/app/pages/tenant-control-plane-page').then((m) => m.TenantControlPlanePage),
          ),
          page('apis', () =>
            import('@/capabilities/components/capabilities-page').then((m) => m.CapabilitiesPage),
          ),
          page('capability/:capabilityId/configuration', () =>
            import('@/capabilities/components/capability-configuration-page').then(
              (m) => m.CapabilityConfigurationPage,
            ),
          ),
          page('apps', () => import('@/web-apps/components/web-apps-page').then((m) => m.WebAppsPage)),
          page('apps/create-mesh', () =>
            import('@/microfrontends/components/create-mesh-page').then((m) => m.CreateMeshPage),
          ),
          page('apps/meshes/:meshId', () =>
            import('@/microfrontends/mesh/components/mesh-page').then((m) => m.MeshPage),
          ),
          page('web-app-builder', () =>
            import('@/web-app-builder/components/web-app-builder-page').then((m) => m.WebAppBuilderPage),
          ),
          page('deployments', () =>
            import('@/deployments/components/deployments-page').then((m) => m.DeploymentsPage),
          ),
          page('settings', () => import('@/settings/components/settings-page').then((m) => m.SettingsPage)),
          page('microfrontends', () =>
            import('@/microfrontends/registry/components/microfrontends-page').then(
              (m) => m.MicrofrontendsPage,
            ),
          ),
          page('api-access', () =>
            import('@/api-tokens/components/api-access-page').then((m) => m.ApiAccessPage),
          ),
          page('audit-log', () => import('@/audit/components/audit-log-page').then((m) => m.AuditLogPage)),
          page('changes', () => import('@/app/pages/changes-route').then((m) => m.ChangesRoute)),
          page('changes/:changeId', () =>
            import('@/changes/components/change-request-page').then((m) => m.ChangeRequestPage),
          ),
          page('releases/draft', () =>
            import('@/releases/components/release-page').then((m) => m.ReleasePage),
          ),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
