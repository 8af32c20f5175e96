import { gzipSync } from 'node:zlib';
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditExport, AuditExportListQuery } from '../../contract/audit-retention';
import type { Executor } from '../db/client';
import type { ListPage } from '../db/list';
import { auditEvents, auditExports } from '../db/schema';
import { notFound } from '../errors';

/** Every column of an export but its content: what the list shows. */
const exportFields = {
  id: auditExports.id,
  reason: auditExports.reason,
  fromSeq: auditExports.fromSeq,
  toSeq: auditExports.toSeq,
  fromTime: auditExports.fromTime,
  toTime: auditExports.toTime,
  eventCount: auditExports.eventCount,
  bytes: auditExports.bytes,
  createdBy: auditExports.createdBy,
  createdAt: auditExports.createdAt,
};

/** One committed audit event, its row as PostgreSQL stores it, as one JSON text (row_to_json). */
export interface ExportedRow {
  id: string;
  seq: number;
  createdAt: string;
  line: string;
}

/**
 * The committed events `where` selects, oldest seq first, at most `limit`, each with its row as JSON.
 * `lock` takes them FOR UPDATE, so a second purge running meanwhile waits and then finds them gone.
 */
export async function selectExportRows(
  db: Executor,
  where: SQL,
  limit: number,
  lock = false,
): Promise<ExportedRow[]> {
  const query = db
    .select({
      id: auditEvents.id,
      seq: sql<number>`${auditEvents.seq}`.mapWith(Number),
      createdAt: auditEvents.createdAt,
      line: sql<string>`row_to_json(${auditEvents})::text`,
    })
    .from(auditEvents)
    .where(sql`${auditEvents.seq} is not null and ${where}`)
    .orderBy(auditEvents.seq)
    .limit(limit);
  return lock ? query.for('update') : query;
}

/** Writes the rows as one export: JSON lines, gzipped, with their seq and time range. */
export async function writeExport(
  db: Executor,
  rows: ExportedRow[],
  origin: { reason: AuditExport['reason']; createdBy: string | null },
): Promise<AuditExport> {
  const content = gzipSync(rows.map((row) => `${row.line}\n`).join(''));
  const times = rows.map((row) => row.createdAt).sort();
  const [written] = await db
    .insert(auditExports)
    .values({
      ...origin,
      fromSeq: rows[0]?.seq ?? null,
      toSeq: rows.at(-1)?.seq ?? null,
      fromTime: times[0] ?? null,
      toTime: times.at(-1) ?? null,
      eventCount: rows.length,
      bytes: content.length,
      content,
    })
    .returning(exportFields);
  if (!written) throw new Error('export insert returned no row');
  return written;
}

/** Newest first, with the total. */
export async function listAuditExports(
  db: Executor,
  query: AuditExportListQuery,
): Promise<ListPage<AuditExport>> {
  const items = await db
    .select(exportFields)
    .from(auditExports)
    .orderBy(desc(auditExports.createdAt), desc(auditExports.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(auditExports);
  return { items, total: total?.n ?? 0 };
}

/** An export with its gzip, for the download; 404 when there is none by that id. */
export async function getAuditExportContent(
  db: Executor,
  id: string,
): Promise<AuditExport & { content: Buffer }> {
  const [row] = await db
    .select({ ...exportFields, content: auditExports.content })
    .from(auditExports)
    .where(eq(auditExports.id, id));
  if (!row) throw notFound('Audit export');
  return row;
}
