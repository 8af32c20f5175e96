// The audit feature's public surface: other features and the app shell import only from here.
export { AuditLogPage } from '@/audit/components/audit-log-page';
export { auditKeys } from '@/audit/api/audit-keys';
export { auditRetentionKeys } from '@/audit/api/audit-retention-keys';
// The first visit's route data (src/web/app/route-queries) starts the list's query before the page loads.
export { auditEventsQueryOptions } from '@/audit/api/get-audit-events';
export { endOfLocalDay, startOfLocalDay } from '@/audit/filters';
