import { type Environment } from '@contract/vocabulary';
import { isOneOf } from '@contract/sets';
import type { Tenant } from '@contract/tenants';
import { useEffect } from 'react';
import { useSearchParamsUpdate } from '@/hooks/use-search-params-update';
import { withSearchParams } from '@/lib/search-params';
import { resolveContext } from '@/control-plane/lib/default-context';

export const controlPlaneTabs = ['capabilities', 'configuration', 'gateway'] as const;
export type ControlPlaneTab = (typeof controlPlaneTabs)[number];

const isTab = (value: string | null): value is ControlPlaneTab => isOneOf(controlPlaneTabs, value);

/**
 * The tab and the (environment, region) context live in the address (?tab=&env=&region=), so a
 * reload or a shared link opens the same view. Missing or unknown values fall back to the Capabilities
 * tab and the tenant's default context; defaults are left out of the address. An environment the tenant
 * has not enabled, or a region it does not accept there, falls back to the first valid one, and the
 * address is corrected to say so.
 */
export function useControlPlaneParams(tenant: Tenant) {
  const [params, setParams] = useSearchParamsUpdate();
  const tab = params.get('tab');
  const env = params.get('env');
  const region = params.get('region');
  const context = resolveContext(tenant, env, region);

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withSearchParams(current, changes), { replace: true });

  const staleEnv = env !== null && env !== context.environment;
  const staleRegion = region !== null && region !== context.region;
  useEffect(() => {
    if (!staleEnv && !staleRegion) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (staleEnv) next.set('env', context.environment);
        if (staleRegion) next.set('region', context.region);
        return next;
      },
      { replace: true },
    );
  }, [staleEnv, staleRegion, context.environment, context.region, setParams]);

  return {
    tab: isTab(tab) ? tab : 'capabilities',
    context,
    setTab: (value: string) => isTab(value) && update({ tab: value === 'capabilities' ? undefined : value }),
    setEnvironment: (value: Environment) => update({ env: value }),
    setRegion: (value: string) => update({ region: value }),
  };
}
