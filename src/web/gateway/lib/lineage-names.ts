import type { GatewayRoute, OpaPolicy } from '@contract/gateway';

/** "route /orders"; "route /orders (GET, POST)" when another row on the page has the same path. */
export function routeName(route: GatewayRoute, page: readonly GatewayRoute[] = []): string {
  const shared = page.some((other) => other.lineageId !== route.lineageId && other.path === route.path);
  return shared ? `route ${route.path} (${route.methods.join(', ')})` : `route ${route.path}`;
}

/** "policy orders-authz"; with its capability when another row on the page has the same name. */
export function policyName(policy: OpaPolicy, page: readonly OpaPolicy[] = []): string {
  const shared = page.some((other) => other.lineageId !== policy.lineageId && other.name === policy.name);
  return shared ? `policy ${policy.name} (${policy.capabilityId})` : `policy ${policy.name}`;
}
