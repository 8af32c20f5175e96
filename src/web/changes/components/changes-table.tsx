import type { ChangeRequest } from '@contract/changes';
import { changeKindLabels } from '@contract/change-labels';
import type { SortValue } from '@contract/lists';
import { Link } from 'react-router';
import type { ChangeRequestSortField } from '@/changes/api/get-change-requests';
import { ChangeStatusBadge, EnvironmentBadge } from '@/changes/components/change-status-badge';
import { ScheduledTime } from '@/changes/components/scheduled-time';
import { formatShortTime } from '@/changes/lib/format';
import { ColumnHeads, type Column } from '@/components/list/column-heads';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';

type ChangesTableProps = {
  requests: ChangeRequest[];
  sort: SortValue<ChangeRequestSortField>;
  onSort: (sort: SortValue<ChangeRequestSortField>) => void;
};

/** Columns whose text may wrap, so the table fits a laptop screen without scrolling. */
const wrap = 'px-3 whitespace-normal';

export const reviewPath = (request: Pick<ChangeRequest, 'id'>) =>
  `/changes/${encodeURIComponent(request.id)}`;

/** The columns, in order; those with a field sort on the server. */
const columns: ReadonlyArray<Column<ChangeRequestSortField>> = [
  { label: '#', field: 'number' },
  { label: 'Title' },
  { label: 'Tenant' },
  { label: 'Environment' },
  { label: 'Requested', field: 'createdAt' },
  { label: 'Status', field: 'status' },
  { label: 'Scheduled', field: 'scheduledAt' },
  { label: 'Updated', field: 'updatedAt' },
];

function ChangesTableHeader({ sort, onSort }: Omit<ChangesTableProps, 'requests'>) {
  return (
    <TableHeader>
      <TableRow>
        <ColumnHeads columns={columns} sort={sort} onSort={onSort} className="px-3" />
      </TableRow>
    </TableHeader>
  );
}

function ChangeRow({ request }: { request: ChangeRequest }) {
  return (
    <TableRow data-testid="change-row">
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
        <span className="block text-xs text-muted-foreground" data-testid="change-kinds">
          {changeKindLabels[request.kind]}
          {/* A release: its first change's kind, and how many follow it. */}
          {request.changeCount > 1 && (
            <span className="font-medium text-foreground"> +{request.changeCount - 1} more</span>
          )}
        </span>
      </TableCell>
      <TableCell className={`${wrap} min-w-28`}>
        {request.tenantName ?? (request.tenantId === null ? 'Platform' : request.tenantId)}
      </TableCell>
      <TableCell className="px-3">
        <EnvironmentBadge environment={request.environment} />
      </TableCell>
      <TableCell className={`${wrap} min-w-40 [overflow-wrap:anywhere]`}>
        <span className="block">{request.requestedBy}</span>
        <time dateTime={request.createdAt} className="block text-xs text-muted-foreground tabular-nums">
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
  );
}

export function ChangesTable({ requests, sort, onSort }: ChangesTableProps) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="changes-table" aria-label="Change requests">
        <ChangesTableHeader sort={sort} onSort={onSort} />
        <TableBody>
          {requests.map((request) => (
            <ChangeRow key={request.id} request={request} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
