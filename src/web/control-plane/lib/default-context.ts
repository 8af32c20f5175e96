import { controlPlaneRegions, environments, isEnvironment, type Environment } from '@contract/vocabulary';
import { acceptedRegions, isEnvironmentEnabled, type GovernedTenant } from '@contract/governance';

export type Context = { environment: Environment; region: string };

/**
 * The context the Capabilities tab opens on: production (else the first enabled environment), and the
 * first region the tenant's governance accepts there (its override, else its allowed regions, else
 * us-east-1), so that Configure works without the user first finding a region the tenant accepts.
 */
export function defaultContext(tenant: GovernedTenant): Context {
  const environment =
    (['production', ...environments] as const).find((env) => isEnvironmentEnabled(tenant, env)) ??
    'production';
  return { environment, region: acceptedRegions(tenant, environment)[0] ?? controlPlaneRegions[0] };
}

/**
 * The context an address asks for, kept to what the tenant allows: an environment that is not enabled
 * falls back to the default one, and a region the environment does not accept to its first accepted one.
 */
export function resolveContext(tenant: GovernedTenant, env: string | null, region: string | null): Context {
  const environment =
    isEnvironment(env) && isEnvironmentEnabled(tenant, env) ? env : defaultContext(tenant).environment;
  const accepted = acceptedRegions(tenant, environment);
  return {
    environment,
    region: region !== null && accepted.includes(region) ? region : (accepted[0] ?? controlPlaneRegions[0]),
  };
}
