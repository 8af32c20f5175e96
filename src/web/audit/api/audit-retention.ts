import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditRetention, AuditRetentionInput } from '@contract/audit-retention';
import { AUDIT_RETENTION_PATH } from '@contract/audit-retention-paths';
import { getJson, sendJson } from '@/lib/api-client';
import { auditRetentionKeys, invalidateAuditRetention } from '@/audit/api/audit-retention-keys';

/** GET /api/audit-retention (administrators): days kept, or null for forever. */
export const auditRetentionQueryOptions = () =>
  queryOptions({
    queryKey: auditRetentionKeys.retention(),
    queryFn: () => getJson<AuditRetention>(AUDIT_RETENTION_PATH),
  });

export function useAuditRetention() {
  return useQuery(auditRetentionQueryOptions());
}

type RetentionSave = AuditRetentionInput & { revision: number };

/** PUT /api/audit-retention with If-Match of the revision read: a stale save is refused (412). */
export function useSaveAuditRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ days, revision }: RetentionSave) =>
      sendJson<AuditRetention>('PUT', AUDIT_RETENTION_PATH, { days }, { ifMatch: revision }),
    onSettled: () => invalidateAuditRetention(queryClient),
  });
}
