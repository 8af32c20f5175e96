import type { AuditExport } from '@contract/audit-retention';
import { auditExportFileName } from '@contract/audit-retention-paths';
import { Archive, Download } from 'lucide-react';
import { useState } from 'react';
import { auditExportDownloadPath, useAuditExports } from '@/audit/api/audit-exports';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatLocaleDateTime } from '@/lib/format';

const PAGE = 10;

const when = (value: string | null) => (value === null ? '-' : formatLocaleDateTime(new Date(value)));
const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** The exports, newest first, ten a page, each with its Download link. */
export function ExportList() {
  const [offset, setOffset] = useState(0);
  const exports = useAuditExports({ limit: PAGE, offset });
  const rows = exports.data?.rows ?? [];
  const total = exports.data?.total ?? 0;
  return (
    <ListState
      status={exports.status}
      error={exports.error}
      onRetry={() => void exports.refetch()}
      errorTitle="Could not load the exports"
      isEmpty={rows.length === 0 && offset === 0}
      loading={<p className="py-6 text-center text-sm text-muted-foreground">Loading exports...</p>}
      empty={
        <EmptyState
          icon={Archive}
          title="No exports yet"
          description="The retention job writes one before each purge; Export now writes one for a time range."
        />
      }
    >
      <Table aria-label="Audit exports">
        <TableHeader>
          <TableRow>
            <TableHead>Created</TableHead>
            <TableHead>Events</TableHead>
            <TableHead>From - to</TableHead>
            <TableHead>Size</TableHead>
            <TableHead>Why</TableHead>
            <TableHead>
              <span className="sr-only">Download</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </TableBody>
      </Table>
      <Pager offset={offset} total={total} onOffset={setOffset} />
    </ListState>
  );
}

function ExportRow({ item }: { item: AuditExport }) {
  const name = auditExportFileName(item);
  return (
    <TableRow data-testid="audit-export">
      <TableCell className="whitespace-nowrap">{when(item.createdAt)}</TableCell>
      <TableCell>{item.eventCount.toLocaleString()}</TableCell>
      <TableCell className="text-xs">
        {when(item.fromTime)}
        <br />
        {when(item.toTime)}
      </TableCell>
      <TableCell className="whitespace-nowrap">{size(item.bytes)}</TableCell>
      <TableCell>
        {item.reason === 'retention' ? 'Purged after' : `Export now (${item.createdBy ?? '-'})`}
      </TableCell>
      <TableCell>
        <Button asChild variant="outline" size="sm">
          <a href={auditExportDownloadPath(item.id)} download={name} aria-label={`Download ${name}`}>
            <Download aria-hidden="true" />
            Download
          </a>
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** Newer and Older, ten at a time, when there are more than ten. */
function Pager({
  offset,
  total,
  onOffset,
}: {
  offset: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= PAGE) return null;
  return (
    <div className="flex items-center justify-end gap-2 pt-2 text-sm text-muted-foreground">
      <span>
        {offset + 1}-{Math.min(offset + PAGE, total)} of {total}
      </span>
      <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(offset - PAGE)}>
        Newer
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={offset + PAGE >= total}
        onClick={() => onOffset(offset + PAGE)}
      >
        Older
      </Button>
    </div>
  );
}
