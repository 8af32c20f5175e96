import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, type LucideIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { PAGE_SIZES } from '@contract/list-conventions';
import { Button } from '@/components/ui/button';
import { SelectOptions } from '@/components/select-options';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { PageLinks } from '@/lib/list-request';

type PaginationBarProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page. */
  shown: number;
  /** While the next page loads (the current one stays on screen). */
  disabled?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** The reply's cursors and whether its total is estimated (lists that give them). */
  links?: PageLinks;
  /** Next/previous through a cursor, which the server reads as cheaply as page 1; else by page number. */
  onCursorPage?: (page: number, cursor: string) => void;
  /** Names the navigation landmark when a screen has two lists. */
  label?: string;
};

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

const grouped = (n: number) => n.toLocaleString('en-US');

/** An estimated total reads "about 200,000": exact to the row would be a claim the server did not make. */
const totalText = (total: number, estimated: boolean | undefined) =>
  estimated ? `about ${grouped(total)}` : grouped(total);

function PageButton({
  name,
  Icon,
  disabled,
  loading,
  onClick,
}: {
  name: string;
  Icon: LucideIcon;
  disabled: boolean;
  /** While a page loads the button only says it is unavailable: a disabled button would drop the focus. */
  loading: boolean | undefined;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-8 aria-disabled:opacity-50"
      aria-label={name}
      disabled={disabled}
      aria-disabled={loading || undefined}
      onClick={() => !loading && onClick()}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** Where focus goes when the focused page button turns disabled, first choice first. */
const FOCUS_FALLBACK: Record<string, string[]> = {
  'First page': ['Next page', 'Last page'],
  'Previous page': ['Next page', 'Last page'],
  'Next page': ['Previous page', 'First page'],
  'Last page': ['Previous page', 'First page'],
};

/**
 * A page button that turns disabled for good (Next on reaching the last page) would drop the keyboard's
 * focus to the page body: after each render, focus moves from such a button to the one going the other
 * way, or to the page size when every button is off. Runs before the browser's own focus fix-up.
 */
function useKeepFocus(nav: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const active = document.activeElement;
    const bar = nav.current;
    if (!bar || !(active instanceof HTMLButtonElement) || !active.disabled || !bar.contains(active)) return;
    const names = [...(FOCUS_FALLBACK[active.getAttribute('aria-label') ?? ''] ?? []), 'Rows per page'];
    const target = names
      .map((name) => bar.querySelector<HTMLElement>(`[aria-label="${name}"]`))
      .find((element) => element && !element.matches(':disabled'));
    target?.focus();
  });
}

function PageSizeSelect({ pageSize, onChange }: { pageSize: number; onChange: (size: number) => void }) {
  return (
    <Select value={String(pageSize)} onValueChange={(value) => onChange(Number(value))}>
      <SelectTrigger size="sm" aria-label="Rows per page" className="w-[7.5rem]">
        <SelectValue />
      </SelectTrigger>
      <SelectOptions options={PAGE_SIZE_OPTIONS} />
    </Select>
  );
}

/**
 * "Showing 26–50 of 117", first/previous/next/last and the page size. Previous and next follow the
 * reply's cursors when it gives them; first, last and a page past the end go by page number.
 */
export function PaginationBar({
  page,
  pageSize,
  total,
  shown,
  disabled,
  onPageChange,
  onPageSizeChange,
  links,
  onCursorPage,
  label = 'Pagination',
}: PaginationBarProps) {
  // An estimate may fall short of the rows the cursors still reach: never call this page past the end.
  const last = Math.max(pageCount(total, pageSize), links?.totalIsEstimate ? page : 1);
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = shown === 0 ? 0 : from + shown - 1;
  const nav = useRef<HTMLElement>(null);
  useKeepFocus(nav);

  // A page past the end (rows deleted, or an old link): go to the last page that has rows.
  useEffect(() => {
    if (!disabled && total > 0 && page > last) onPageChange(last);
  }, [disabled, total, page, last, onPageChange]);

  const go = (target: number, name: string, Icon: LucideIcon, off: boolean, cursor?: string) => (
    <PageButton
      name={name}
      Icon={Icon}
      disabled={off}
      loading={disabled}
      onClick={() => (cursor && onCursorPage ? onCursorPage(target, cursor) : onPageChange(target))}
    />
  );

  return (
    <nav
      ref={nav}
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="list-range">
        Showing {grouped(from)}–{grouped(to)} of {totalText(total, links?.totalIsEstimate)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PageSizeSelect pageSize={pageSize} onChange={onPageSizeChange} />
        <span className="text-sm text-muted-foreground">
          Page {grouped(Math.min(page, last))} of {totalText(last, links?.totalIsEstimate)}
        </span>
        <div className="flex gap-1">
          {go(1, 'First page', ChevronsLeft, page <= 1)}
          {go(page - 1, 'Previous page', ChevronLeft, page <= 1, links?.previousCursor)}
          {go(page + 1, 'Next page', ChevronRight, page >= last && !links?.nextCursor, links?.nextCursor)}
          {go(last, 'Last page', ChevronsRight, page >= last)}
        </div>
      </div>
    </nav>
  );
}
