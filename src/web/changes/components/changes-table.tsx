import type { ChangeRequest } from '@contract/changes';
import { changeKindLabels } from '@contract/change-labels';
import type { SortValue } from '@contract/lists';
import { Link } from 'react-router';
import type { ChangeRequestSortField } from '@/changes/api/get-change-requests';
import { ChangeStatusBadge, EnvironmentBadge } from '@/changes/components/change-status-badge';
import { ScheduledTime } from '@/changes/components/scheduled-time';
import { formatShortTime } from '@/changes/lib/format';
import { SortableHeader } from '@/components/list/sortable-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type ChangesTableProps = {
  requests: ChangeRequest[];
  sort: SortValue<ChangeRequestSortField>;
  onSort: (sort: SortValue<ChangeRequestSortField>) => void;
};

/** Columns whose text may wrap, so the table fits a laptop screen without scrolling. */
const wrap = 'px-3 whitespace-normal';

export const reviewPath = (request: Pick<ChangeRequest, 'id'>) =>
  `/changes/${encodeURIComponent(request.id)}`;

export function ChangesTable({ requests, sort, onSort }: ChangesTableProps) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="changes-table" aria-label="Change requests">
        <TableHeader>
          <TableRow>
            <SortableHeader field="number" sort={sort} onSort={onSort} className="px-3">
              #
            </SortableHeader>
            <TableHead className="px-3">Title</TableHead>
            <TableHead className="px-3">Tenant</TableHead>
            <TableHead className="px-3">Environment</TableHead>
            <SortableHeader field="createdAt" sort={sort} onSort={onSort} className="px-3">
              Requested
            </SortableHeader>
            <SortableHeader field="status" sort={sort} onSort={onSort} className="px-3">
              Status
            </SortableHeader>
            <SortableHeader field="scheduledAt" sort={sort} onSort={onSort} className="px-3">
              Scheduled
            </SortableHeader>
            <SortableHeader field="updatedAt" sort={sort} onSort={onSort} className="px-3">
              Updated
            </SortableHeader>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.map((request) => (
            <TableRow key={request.id} data-testid="change-row">
              <TableCell className="px-3 font-medium tabular-nums">
                <Link
                  to={reviewPath(request)}
                  className="underline-offset-4 hover:underline"
                  aria-label={`Change request #${request.number}`}
                >
                  #{request.number}
                </Link>
              </TableCell>
              <TableCell className={`${wrap} max-w-80 min-w-48`}>
                <span className="block">{request.title}</span>
                <span className="block text-xs text-muted-foreground">{changeKindLabels[request.kind]}</span>
              </TableCell>
              <TableCell className={`${wrap} min-w-28`}>
                {request.tenantName ?? (request.tenantId === null ? 'Platform' : request.tenantId)}
              </TableCell>
              <TableCell className="px-3">
                <EnvironmentBadge environment={request.environment} />
              </TableCell>
              <TableCell className={`${wrap} min-w-40 [overflow-wrap:anywhere]`}>
                <span className="block">{request.requestedBy}</span>
                <time
                  dateTime={request.createdAt}
                  className="block text-xs text-muted-foreground tabular-nums"
                >
                  {formatShortTime(request.createdAt)}
                </time>
              </TableCell>
              <TableCell className="px-3">
                <ChangeStatusBadge {...request} />
              </TableCell>
              <TableCell className={`${wrap} min-w-36 tabular-nums`}>
                <ScheduledTime at={request.scheduledAt} timeZone={request.scheduleTimeZone} />
              </TableCell>
              <TableCell className="px-3 tabular-nums">
                <time dateTime={request.updatedAt}>{formatShortTime(request.updatedAt)}</time>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
