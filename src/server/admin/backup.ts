import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, DatabaseHandle } from '../db/client';
import { fileTimeStamp } from '../db/data-dir-lock';
import { conflict } from '../errors';

export const POSTGRES_BACKUP_MESSAGE =
  'The server runs on PostgreSQL: back it up with pg_dump or your provider’s snapshots (docs/backup.md)';

/**
 * A copy of the embedded database's data directory, taken while serving (docs/backup.md), and an audit
 * event saying who took it: the archive holds every password hash and token hash.
 */
export async function backupEmbedded(
  db: Database,
  dump: DatabaseHandle['dump'],
  actor: Actor,
): Promise<Buffer> {
  if (!dump) throw conflict(POSTGRES_BACKUP_MESSAGE);
  const archive = Buffer.from(await (await dump()).arrayBuffer());
  await recordAudit(db, actor, {
    action: 'system.backup',
    resourceType: 'system',
    changes: { bytes: archive.length },
  });
  return archive;
}

/** `resource-manager-2026-11-26T16-40-00-000Z.tar.gz`: sorts by time, no characters a header must quote. */
export const backupFileName = (now: Date) => `resource-manager-${fileTimeStamp(now)}.tar.gz`;
