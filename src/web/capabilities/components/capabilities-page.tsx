import { capabilityStatuses } from '@contract/vocabulary';
import { capabilitySortFields } from '@contract/list-conventions';
import { isOneOf } from '@contract/sets';
import { Plus, Server } from 'lucide-react';
import { useState } from 'react';
import { useCapabilities } from '@/capabilities/api/get-capabilities';
import { CapabilitiesTable } from '@/capabilities/components/capabilities-table';
import { CapabilitiesToolbar } from '@/capabilities/components/capabilities-toolbar';
import { CapabilityDialogs, type DialogState } from '@/capabilities/components/capability-dialogs';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/list/paged-list';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { useDocumentTitle } from '@/hooks/use-document-title';

type ListView = ReturnType<typeof useCapabilitiesListState>;

function useCapabilitiesListState() {
  return useListUrlState({
    sortFields: capabilitySortFields,
    defaultSort: 'name',
    filters: ['status', 'category'],
  });
}

type CapabilitiesListProps = {
  list: ListView;
  canManage: boolean;
  onOpen: (dialog: DialogState) => void;
};

/** The catalogue's page of rows, with its loading, error and empty states and the pager. */
function CapabilitiesList({ list, canManage, onOpen }: CapabilitiesListProps) {
  const { status, category } = list.query;
  const capabilities = useCapabilities({
    ...list.query,
    status: isOneOf(capabilityStatuses, status) ? status : undefined,
  });
  const filtered = !!(list.q || status || category);
  const rows = capabilities.data?.rows ?? [];
  const total = capabilities.data?.total ?? 0;

  return (
    <ListState
      status={capabilities.status}
      error={capabilities.error}
      onRetry={() => void capabilities.refetch()}
      errorTitle="Could not load capabilities"
      // A page past the end (rows gone elsewhere) is not "empty": the bar below brings it back.
      isEmpty={total === 0}
      loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading capabilities...</p>}
      empty={
        <EmptyState
          icon={Server}
          title={filtered ? 'No capabilities found' : 'No capabilities available'}
          description={filtered ? 'Try another search or status.' : undefined}
        />
      }
    >
      <PagedList
        view={list}
        total={total}
        links={capabilities.data}
        shown={rows.length}
        busy={capabilities.isPlaceholderData}
        label="Capabilities pages"
        className="space-y-2"
      >
        <CapabilitiesTable
          capabilities={rows}
          canManage={canManage}
          onEdit={(capability) => onOpen({ kind: 'form', capability })}
          onDelete={(capability) => onOpen({ kind: 'delete', capability })}
          sort={list.sort}
          onSort={list.setSort}
        />
      </PagedList>
    </ListState>
  );
}

/**
 * /apis: the capability catalogue (docs/product.md, Capabilities), paged, sorted and filtered on the
 * server.
 */
export function CapabilitiesPage() {
  useDocumentTitle('Capabilities');
  const isAdmin = useIsAdmin();
  const [dialog, setDialog] = useState<DialogState>({ kind: null });
  const list = useCapabilitiesListState();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Capabilities"
        description="Shared backend services that tenants subscribe to and configure."
        actions={
          isAdmin && (
            <Button onClick={() => setDialog({ kind: 'form' })}>
              <Plus aria-hidden="true" />
              Register Capability
            </Button>
          )
        }
      />
      <CapabilitiesToolbar
        q={list.q}
        onSearch={list.setSearch}
        status={list.filters.status}
        onStatusChange={(value) => list.setFilter('status', value)}
        category={list.filters.category}
        onCategoryChange={(value) => list.setFilter('category', value.trim())}
      />
      <CapabilitiesList list={list} canManage={isAdmin} onOpen={setDialog} />
      {isAdmin && (
        <CapabilityDialogs state={dialog} onClose={() => setDialog((d) => ({ ...d, kind: null }))} />
      )}
    </div>
  );
}
