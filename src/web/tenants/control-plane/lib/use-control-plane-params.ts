import { controlPlaneRegions, environments, type Environment } from '@contract/common';
import type { Tenant } from '@contract/tenants';
import { useSearchParams } from 'react-router';
import { defaultContext, type Context } from '@/tenants/control-plane/lib/default-context';

export const controlPlaneTabs = ['capabilities', 'configuration', 'gateway'] as const;
export type ControlPlaneTab = (typeof controlPlaneTabs)[number];

const isTab = (value: string | null): value is ControlPlaneTab =>
  (controlPlaneTabs as readonly (string | null)[]).includes(value);
const isEnvironment = (value: string | null): value is Environment =>
  (environments as readonly (string | null)[]).includes(value);
const isRegion = (value: string | null): value is string =>
  (controlPlaneRegions as readonly (string | null)[]).includes(value);

/**
 * The tab and the (environment, region) context live in the address (?tab=&env=&region=), so a
 * reload or a shared link opens the same view. Missing or unknown values fall back to the Capabilities
 * tab and the tenant's default context; defaults are left out of the address.
 */
export function useControlPlaneParams(tenant: Tenant) {
  const [params, setParams] = useSearchParams();
  const fallback = defaultContext(tenant);
  const tab = params.get('tab');
  const env = params.get('env');
  const region = params.get('region');
  const context: Context = {
    environment: isEnvironment(env) ? env : fallback.environment,
    region: isRegion(region) ? region : fallback.region,
  };

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    tab: isTab(tab) ? tab : ('capabilities' as ControlPlaneTab),
    context,
    setTab: (value: string) => isTab(value) && update({ tab: value === 'capabilities' ? undefined : value }),
    setEnvironment: (value: Environment) => update({ env: value }),
    setRegion: (value: string) => update({ region: value }),
  };
}
