import type { ReactNode } from 'react';
import { PaginationBar } from '@/components/list/pagination-bar';
import type { ListUrlState } from '@/hooks/use-list-url-state';
import type { PageLinks } from '@/lib/list-request';

type PagedListProps = {
  /** The list's URL state: its page and page size. */
  view: Pick<
    ListUrlState<string, string>,
    'page' | 'pageSize' | 'setPage' | 'setPageSize' | 'setPageByCursor'
  >;
  total: number;
  /** The reply's cursors and estimate flag: next/previous then read by cursor. */
  links?: PageLinks;
  /** Rows on this page. */
  shown: number;
  /** The next page is loading (the rows on screen are still the previous page's). */
  busy: boolean;
  /** Names the pagination landmark, e.g. "Users pages". */
  label: string;
  className?: string;
  children: ReactNode;
};

/** A page of a server-paged list, then its pagination bar; busy while the next page loads. */
export function PagedList({
  view,
  total,
  links,
  shown,
  busy,
  label,
  className = 'space-y-4',
  children,
}: PagedListProps) {
  return (
    <div className={className} aria-busy={busy || undefined}>
      {children}
      <PaginationBar
        label={label}
        page={view.page}
        pageSize={view.pageSize}
        total={total}
        shown={shown}
        disabled={busy}
        onPageChange={view.setPage}
        onPageSizeChange={view.setPageSize}
        links={links}
        onCursorPage={view.setPageByCursor}
      />
    </div>
  );
}
