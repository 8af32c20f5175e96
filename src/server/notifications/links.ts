/** Console addresses in messages, built on PUBLIC_URL (docs/notifications.md). */
export const changeRequestLink = (publicUrl: string, requestId: string): string =>
  `${publicUrl}/changes/${encodeURIComponent(requestId)}`;

/** A rollout shows on the tenant's control plane, as the webhooks link it. */
export const tenantLink = (publicUrl: string, tenantId: string): string =>
  `${publicUrl}/tenant/${encodeURIComponent(tenantId)}/control-plane`;

/** Deployments and their rollouts. */
export const deploymentsLink = (publicUrl: string): string => `${publicUrl}/deployments`;
