import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditExport, AuditExportInput, AuditExportListQuery } from '@contract/audit-retention';
import { AUDIT_EXPORTS_PATH } from '@contract/audit-retention-paths';
import { sendJson } from '@/lib/api-client';
import { getPage, type Page } from '@/lib/list-request';
import { auditRetentionKeys, invalidateAuditRetention } from '@/audit/api/audit-retention-keys';

/** GET /api/audit-exports: one page, newest first, with the total. */
export function getAuditExports(query: AuditExportListQuery): Promise<Page<AuditExport>> {
  return getPage<AuditExport>(AUDIT_EXPORTS_PATH, query);
}

export const auditExportsQueryOptions = (query: AuditExportListQuery) =>
  queryOptions({
    queryKey: auditRetentionKeys.exports(query),
    queryFn: () => getAuditExports(query),
    placeholderData: keepPreviousData,
  });

export function useAuditExports(query: AuditExportListQuery) {
  return useQuery(auditExportsQueryOptions(query));
}

/** Where an export downloads from: the browser follows the link, with its session cookie. */
export const auditExportDownloadPath = (id: string): string =>
  `${AUDIT_EXPORTS_PATH}/${encodeURIComponent(id)}/download`;

/** POST /api/audit-exports: Export now, for a time range; nothing is purged. */
export function useExportAuditNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AuditExportInput) => sendJson<AuditExport>('POST', AUDIT_EXPORTS_PATH, input),
    onSettled: () => invalidateAuditRetention(queryClient),
  });
}
