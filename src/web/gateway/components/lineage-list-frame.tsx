import type { LucideIcon } from 'lucide-react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PaginationBar } from '@/components/list/pagination-bar';
import { SearchInput } from '@/components/list/search-input';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { ListUrlState } from '@/hooks/use-list-url-state';
import type { Page } from '@/lib/list-request';

type LineageListFrameProps = {
  /** "routes": ids and test ids derive from it. */
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** "Create Route"; shown to users who may write. */
  createLabel: string;
  canWrite: boolean;
  onCreate: () => void;
  searchLabel: string;
  // The list's URL state and its page query; only the fields the frame reads.
  list: Pick<
    ListUrlState<string, never>,
    'q' | 'page' | 'pageSize' | 'setSearch' | 'setPage' | 'setPageSize'
  >;
  query: {
    status: 'pending' | 'error' | 'success';
    error: unknown;
    data: Page<unknown> | undefined;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** "No gateway routes in Development yet". */
  emptyTitle: string;
  errorTitle: string;
  children: ReactNode;
};

const loadingRows = (
  <div className="space-y-2">
    <Skeleton className="h-10" />
    <Skeleton className="h-10" />
    <Skeleton className="h-10" />
  </div>
);

/** The list's heading and description, with its action (`children`) beside them. */
function FrameHeading({
  id,
  title,
  description,
  children,
}: Pick<LineageListFrameProps, 'id' | 'title' | 'description' | 'children'>) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}

/** No rows: none match the search, or there are none yet (then the create action shows here). */
function FrameEmpty({
  q,
  icon,
  title,
  action,
}: {
  q: string;
  icon: LucideIcon;
  title: string;
  action?: ReactNode;
}) {
  return q ? (
    <EmptyState icon={icon} title={`Nothing matches “${q}”`} description="Try another search." />
  ) : (
    <EmptyState icon={icon} title={title} action={action} />
  );
}

/** One list of the tab: heading, create action, search, loading/empty/error states, the table, paging. */
export function LineageListFrame({
  id,
  title,
  description,
  icon,
  createLabel,
  canWrite,
  onCreate,
  searchLabel,
  list,
  query,
  emptyTitle,
  errorTitle,
  children,
}: LineageListFrameProps) {
  const total = query.data?.total ?? 0;
  const create = canWrite && (
    <Button onClick={onCreate}>
      <Plus aria-hidden="true" />
      {createLabel}
    </Button>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 space-y-4">
      <FrameHeading id={id} title={title} description={description}>
        {/* An empty list offers the action in its empty state instead. */}
        {!(query.status === 'success' && total === 0 && !list.q) && <div className="shrink-0">{create}</div>}
      </FrameHeading>
      <SearchInput value={list.q} onSearch={list.setSearch} label={searchLabel} placeholder={searchLabel} />
      <ListState
        status={query.status}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorTitle={errorTitle}
        isEmpty={total === 0}
        loading={loadingRows}
        empty={<FrameEmpty q={list.q} icon={icon} title={emptyTitle} action={create || undefined} />}
      >
        <div className="space-y-2" aria-busy={query.isPlaceholderData || undefined}>
          {children}
          <PaginationBar
            page={list.page}
            pageSize={list.pageSize}
            total={total}
            shown={(query.data?.rows ?? []).length}
            disabled={query.isPlaceholderData}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            label={`${title} pages`}
          />
        </div>
      </ListState>
    </section>
  );
}
