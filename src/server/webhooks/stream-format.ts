import type { AuditStreamFormat } from '../../contract/webhooks';
import type { auditEvents } from '../db/schema';

/** An audit row exactly as stored: every column, its commit-ordered seq included. */
export type AuditRow = typeof auditEvents.$inferSelect;

/** The CEF header's vendor, product and version (docs/webhooks.md, "The audit stream"). */
const CEF_DEVICE = 'resource-manager|console|1';

/** CEF escapes: a header field its backslashes and pipes; an extension value also `=` and line breaks. */
const headerField = (value: string) => value.replace(/[\\|]/g, (c) => `\\${c}`);
const extensionValue = (value: string) =>
  value
    .replace(/[\\=]/g, (c) => `\\${c}`)
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n');

/** One audit row as a CEF line: the action is the signature id and name, every column an extension. */
export function cefLine(row: AuditRow): string {
  const fields: [string, string | number | null][] = [
    ['rt', Date.parse(row.createdAt)],
    ['externalId', row.seq],
    ['act', row.action],
    ['suid', row.actorId],
    ['suser', row.actorEmail],
    ['src', row.ip],
    ['cs1Label', 'resourceType'],
    ['cs1', row.resourceType],
    ['cs2Label', 'resourceId'],
    ['cs2', row.resourceId],
    ['cs3Label', 'tenantId'],
    ['cs3', row.tenantId],
    ['cs4Label', 'tokenName'],
    ['cs4', row.actorTokenName],
    ['cs5Label', 'changes'],
    ['cs5', row.changes],
    ['cs6Label', 'eventId'],
    ['cs6', row.id],
    ['cn1Label', 'revision'],
    ['cn1', row.revision],
  ];
  const extension = fields
    .filter((field): field is [string, string | number] => field[1] !== null)
    .map(([key, value]) => `${key}=${extensionValue(String(value))}`)
    .join(' ');
  const action = headerField(row.action);
  return `CEF:0|${CEF_DEVICE}|${action}|${action}|3|${extension}`;
}

/** A batch's body and its content type: one line per event, each ending in a line break. */
export function streamBody(rows: readonly AuditRow[], format: AuditStreamFormat) {
  const lines = rows.map((row) => (format === 'cef' ? cefLine(row) : JSON.stringify(row)));
  return {
    body: lines.map((line) => `${line}\n`).join(''),
    contentType: format === 'cef' ? 'text/plain; charset=utf-8' : 'application/x-ndjson',
  };
}
