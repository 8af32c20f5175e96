import type { GatewayRoute, OpaPolicy } from '@contract/gateway';
import { rateLimitLabel } from '@/gateway/lib/route-form';

/** A route version as lines, one field each, so two versions diff field by field. */
export const describeRoute = (route: GatewayRoute): string =>
  [
    `path: ${route.path}`,
    `methods: ${route.methods.join(', ')}`,
    `target: ${route.targetService}`,
    `auth: ${route.authRequired ? 'required' : 'public'}`,
    `rate limit: ${rateLimitLabel(route.rateLimit)}`,
  ].join('\n');

/** A policy version: its settings, a blank line, then the Rego source. */
export const describePolicy = (policy: OpaPolicy): string =>
  [
    `name: ${policy.name}`,
    `type: ${policy.policyType}`,
    `enabled: ${policy.enabled ? 'yes' : 'no'}`,
    `description: ${policy.description ?? ''}`,
    '',
    policy.policyContent,
  ].join('\n');
