/** The export of a tenant's document, or (null) the platform's. */
export const exportPath = (tenantId: string | null): string =>
  tenantId === null ? '/api/platform/export' : `/api/tenants/${encodeURIComponent(tenantId)}/export`;

export const PLANS_PATH = '/api/plans';
export const APPLY_PLAN_PATH = '/api/plans/apply';

export type ExportFormat = 'yaml' | 'json';
