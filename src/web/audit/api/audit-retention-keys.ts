import type { QueryClient } from '@tanstack/react-query';
import type { AuditExportListQuery } from '@contract/audit-retention';
import { auditKeys } from '@/audit/api/audit-keys';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * The only place a retention or export query key is built. Under the trail's own root, so whatever
 * refreshes the audit log (every write, src/web/app/resource-effects.ts) refreshes these too.
 */
export const auditRetentionKeys = {
  all: [...auditKeys.all, 'retention'] as const,
  retention: () => [...auditRetentionKeys.all, 'setting'] as const,
  exports: (query: AuditExportListQuery) => [...auditRetentionKeys.all, 'exports', query] as const,
};

/** Every retention or export mutation calls this (src/web/app/resource-effects.ts: an `audit` write). */
export const invalidateAuditRetention = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'audit');
