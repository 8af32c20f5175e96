import { CHANGE_KIND_LABELS, type ChangeRequest } from '@contract/changes';
import type { SortValue } from '@contract/lists';
import { Link } from 'react-router';
import type { ChangeRequestSortField } from '@/changes/api/get-change-requests';
import { ChangeStatusBadge, EnvironmentBadge } from '@/changes/components/change-status-badge';
import { ScheduledTime } from '@/changes/components/scheduled-time';
import { formatTime } from '@/changes/lib/format';
import { SortableHeader } from '@/components/list/sortable-header';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type ChangesTableProps = {
  requests: ChangeRequest[];
  sort: SortValue<ChangeRequestSortField>;
  onSort: (sort: SortValue<ChangeRequestSortField>) => void;
};

/** Review stays in view at any width: the last column sticks to the right edge of the scroller. */
const stickyActions = 'sticky right-0 bg-background px-2 shadow-[-1px_0_0_var(--border)]';

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
            <TableHead className="px-3">Kind</TableHead>
            <TableHead className="px-3">Requested by</TableHead>
            <SortableHeader field="status" sort={sort} onSort={onSort} className="px-3">
              Status
            </SortableHeader>
            <SortableHeader field="scheduledAt" sort={sort} onSort={onSort} className="px-3">
              Scheduled
            </SortableHeader>
            <SortableHeader field="createdAt" sort={sort} onSort={onSort} className="px-3">
              Created
            </SortableHeader>
            <SortableHeader field="updatedAt" sort={sort} onSort={onSort} className="px-3">
              Updated
            </SortableHeader>
            <TableHead className={stickyActions}>
              <span className="sr-only">Actions</span>
            </TableHead>
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
              <TableCell className="max-w-80 min-w-48 px-3 whitespace-normal">{request.title}</TableCell>
              <TableCell className="px-3">
                {request.tenantName ?? (request.tenantId === null ? 'Platform' : request.tenantId)}
              </TableCell>
              <TableCell className="px-3">
                <EnvironmentBadge environment={request.environment} />
              </TableCell>
              <TableCell className="px-3">{CHANGE_KIND_LABELS[request.kind]}</TableCell>
              <TableCell className="px-3">{request.requestedBy}</TableCell>
              <TableCell className="px-3">
                <ChangeStatusBadge {...request} />
              </TableCell>
              <TableCell className="px-3 tabular-nums">
                <ScheduledTime at={request.scheduledAt} timeZone={request.scheduleTimeZone} />
              </TableCell>
              <TableCell className="px-3 tabular-nums">
                <time dateTime={request.createdAt}>{formatTime(request.createdAt)}</time>
              </TableCell>
              <TableCell className="px-3 tabular-nums">
                <time dateTime={request.updatedAt}>{formatTime(request.updatedAt)}</time>
              </TableCell>
              <TableCell className={stickyActions}>
                <Button asChild variant="outline" size="sm">
                  <Link to={reviewPath(request)} aria-label={`Review #${request.number}`}>
                    Review
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
