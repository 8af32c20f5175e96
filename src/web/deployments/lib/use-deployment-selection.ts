import { useSearchParamsUpdate } from '@/hooks/use-search-params-update';
import { withSearchParams } from '@/lib/search-params';
import {
  DEFAULT_ENVIRONMENT,
  isEnvironment,
  isResourceKind,
  type Environment,
  type ResourceKind,
} from '@/deployments/lib/resource-kinds';

export type DeploymentSelection = {
  kind: ResourceKind;
  /** The chosen resource's id; undefined: none chosen (the page falls back to the first). */
  resourceId: string | undefined;
  environment: Environment;
};

/**
 * The page's choices live in the address (?type=&id=&env=), so a reload or a shared link shows the same
 * slots. Changing the type clears the resource.
 */
export function useDeploymentSelection() {
  const [params, setParams] = useSearchParamsUpdate();
  const type = params.get('type');
  const env = params.get('env');
  const selection: DeploymentSelection = {
    kind: isResourceKind(type) ? type : 'microfrontends',
    resourceId: params.get('id') ?? undefined,
    environment: isEnvironment(env) ? env : DEFAULT_ENVIRONMENT,
  };

  const update = (changes: Partial<Record<'type' | 'id' | 'env', string | undefined>>) =>
    setParams((current) => withSearchParams(current, changes), { replace: true });

  return {
    selection,
    setKind: (kind: ResourceKind) => update({ type: kind, id: undefined }),
    setResourceId: (id: string) => update({ id }),
    setEnvironment: (environment: Environment) => update({ env: environment }),
  };
}
