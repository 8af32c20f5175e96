import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

type AuditLogPaginationProps = {
  offset: number;
  pageSize: number;
  shown: number;
  total: number;
  disabled?: boolean;
  onOffsetChange: (offset: number) => void;
};

export function AuditLogPagination({
  offset,
  pageSize,
  shown,
  total,
  disabled,
  onOffsetChange,
}: AuditLogPaginationProps) {
  const first = shown === 0 ? 0 : offset + 1;
  const last = offset + shown;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" data-testid="audit-range" aria-live="polite">
        Showing {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || last >= total}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
