import { isEnvironment } from '@contract/vocabulary';
import type { RouteQuery } from '@/app/route-query';
import { capabilityOptionsQueryOptions } from '@/capabilities';
import { deploymentsQueryOptions } from '@/deployments';
import { microfrontendOptionsQueryOptions } from '@/microfrontends';

/**
 * /deployments (src/web/deployments/lib/use-deployment-selection.ts and resource-options.ts): the
 * type's first options page when the address names no resource, else that resource's name and slots.
 */
export function queries(params: URLSearchParams): RouteQuery[] {
  const kind = params.get('type') === 'capabilities' ? 'capabilities' : 'microfrontends';
  const options = kind === 'capabilities' ? capabilityOptionsQueryOptions : microfrontendOptionsQueryOptions;
  const id = params.get('id');
  if (!id) return [options({})];
  const env = params.get('env');
  return [options({ ids: [id] }), deploymentsQueryOptions(kind, id, isEnvironment(env) ? env : 'production')];
}
