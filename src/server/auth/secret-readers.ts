import type { TenantAction } from '../../contract/auth';
import { viewerCan, type Viewer } from './viewer';
import { masked } from '../secrets/secret-values';

/*
 * Who sees the secrets inside a resource's JSON as stored (docs/security.md, "Secrets in settings"): the
 * people who may change the resource, through a session or a token that may write. Everyone else who
 * may read it (a tenant's members, a read-only token) sees references in their place.
 */

/** The tenant action that changes each resource holding JSON settings: its routes require the same. */
export const CHANGED_BY = {
  tenant: 'configure',
  configuration: 'versions',
} as const satisfies Record<string, TenantAction>;

export type SecretHolder = keyof typeof CHANGED_BY;

export function seesSecrets(viewer: Viewer, holder: SecretHolder, tenantId: string): boolean {
  return viewer.token?.readOnly !== true && viewerCan(viewer, tenantId, CHANGED_BY[holder]);
}

/** The resource as the viewer may see it: as stored for those who may change it, masked for the rest. */
export function asSeenBy<T>(viewer: Viewer, holder: SecretHolder, tenantId: string, resource: T): T {
  return seesSecrets(viewer, holder, tenantId) ? resource : masked(resource);
}
