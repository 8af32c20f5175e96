import type { ReactNode } from 'react';
import type { ListUrlState } from '@/hooks/use-list-url-state';
import { ListState } from '@/components/list-state';
import { PaginationBar } from '@/components/list/pagination-bar';
import type { PageLinks } from '@/lib/list-request';

type PagedCardGridProps = {
  /** The read of the page (TanStack Query): while the next page loads, the current one stays, dimmed. */
  query: {
    status: 'pending' | 'error' | 'success';
    error: unknown;
    refetch: () => unknown;
    isPlaceholderData: boolean;
    /** The page's total and, when the list gives them, its cursors (next/previous read by cursor). */
    data?: { total: number } & PageLinks;
  };
  view: Pick<
    ListUrlState<string, string>,
    'page' | 'pageSize' | 'setPage' | 'setPageSize' | 'setPageByCursor'
  >;
  /** Cards on this page. */
  shown: number;
  /** Names the page navigation, e.g. "Tenants pages". */
  pagesLabel: string;
  errorTitle: string;
  loading: ReactNode;
  empty: ReactNode;
  /** The cards. */
  children: ReactNode;
};

/** A server-paged grid of cards: loading, error and empty states, the cards, then the page controls. */
export function PagedCardGrid({
  query,
  view,
  shown,
  pagesLabel,
  errorTitle,
  loading,
  empty,
  children,
}: PagedCardGridProps) {
  return (
    <ListState
      status={query.status}
      error={query.error}
      onRetry={() => void query.refetch()}
      errorTitle={errorTitle}
      isEmpty={shown === 0 && view.page === 1}
      loading={loading}
      empty={empty}
    >
      <div
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-busy={query.isPlaceholderData || undefined}
      >
        {children}
      </div>
      <PaginationBar
        label={pagesLabel}
        page={view.page}
        pageSize={view.pageSize}
        total={query.data?.total ?? 0}
        shown={shown}
        disabled={query.isPlaceholderData}
        onPageChange={view.setPage}
        onPageSizeChange={view.setPageSize}
        links={query.data}
        onCursorPage={view.setPageByCursor}
      />
    </ListState>
  );
}
