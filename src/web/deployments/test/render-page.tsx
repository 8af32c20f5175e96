import { Toaster } from '@/components/ui/toaster';
import { DeploymentsPage } from '@/deployments/components/deployments-page';
import {
  capabilities,
  idleSlot,
  liveSlot,
  makeVersion,
  microfrontends,
  optionsOf,
  stubApi,
} from '@/deployments/test/fixtures';
import { makeChangeRequest } from '@/test/control-plane-fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

export const SLOTS = '/api/deployments/microfrontend/mfe-001/environment/production';
export const HEALTH = '/api/deployment-health/microfrontend/mfe-001/environment/production';
export const ROLLOUTS = '/api/rollouts/microfrontend/mfe-001/environment/production';
/** The platform's approval policy: production changes need `production` approvals. */
export const platformPolicy = (production: number) => ({
  tenantId: null,
  requiredApprovals: { development: 0, uat: 0, production },
  updatedAt: null,
  updatedBy: null,
});

/** A pending platform change request as POST /api/change-requests answers it. */
export const platformRequest = (overrides: Record<string, unknown>) =>
  makeChangeRequest({ tenantId: null, tenantName: null, ...overrides });

/**
 * The Deployments page on Dashboard in production (blue live, green idle and healthy; no probes, no
 * rollouts, no approvals) unless `handlers` say otherwise, signed in with `globalRole`.
 */
export function renderDeploymentsPage(handlers: Parameters<typeof stubApi>[0], globalRole = 'admin') {
  const versions = [makeVersion('mfv-120', '1.2.0'), makeVersion('mfv-110', '1.1.0')];
  const fetchMock = stubApi({
    'GET /api/microfrontends/options': optionsOf(microfrontends),
    'GET /api/capabilities/options': optionsOf(capabilities),
    'GET /api/microfrontend-versions/microfrontend/mfe-001': versions,
    'GET /api/microfrontend-versions/microfrontend/mfe-001/published': versions,
    'GET /api/approval-policy': platformPolicy(0),
    [`GET ${SLOTS}`]: [liveSlot(), idleSlot()],
    [`GET ${HEALTH}`]: [],
    [`GET ${ROLLOUTS}`]: [],
    ...handlers,
  });
  const utils = renderWithProviders(
    <>
      <DeploymentsPage />
      <Toaster />
    </>,
    { path: '/deployments', queryClient: queryClientWithMe(makeMe({ globalRole })) },
  );
  return { fetchMock, ...utils };
}
