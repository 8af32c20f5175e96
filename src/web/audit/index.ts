// The audit feature's public surface: other features and the app shell import only from here.
export { AuditLogPage } from '@/audit/components/audit-log-page';
export { auditKeys } from '@/audit/api/audit-keys';
export { auditRetentionKeys } from '@/audit/api/audit-retention-keys';
