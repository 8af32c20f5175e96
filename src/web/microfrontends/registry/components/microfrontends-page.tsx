import { Blocks, Plus } from 'lucide-react';
import { microfrontendSortFields } from '@contract/list-conventions';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/list/paged-list';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { useMicrofrontends } from '@/microfrontends/api/get-microfrontends';
import { MicrofrontendCard } from '@/microfrontends/registry/components/microfrontend-card';
import { MicrofrontendCardsSkeleton } from '@/microfrontends/registry/components/microfrontend-card-skeleton';
import { useMicrofrontendDialogs } from '@/microfrontends/registry/components/microfrontend-dialogs';
import { MicrofrontendsToolbar } from '@/microfrontends/registry/components/microfrontends-toolbar';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /microfrontends: the registry of microfrontends and their versions (issue 7, part 1). */
export function MicrofrontendsPage() {
  useDocumentTitle('Microfrontends');
  const isAdmin = useIsAdmin();
  const list = useListUrlState({ sortFields: microfrontendSortFields, defaultSort: 'name', filters: [] });
  const microfrontends = useMicrofrontends(list.query);
  const { register, cardActions, dialogs } = useMicrofrontendDialogs();
  const rows = microfrontends.data?.rows ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Microfrontends"
        description="Registered microfrontends and their versions; published versions can be deployed and composed into meshes."
        actions={
          isAdmin && (
            <Button onClick={register}>
              <Plus aria-hidden="true" />
              Register Microfrontend
            </Button>
          )
        }
      />
      <MicrofrontendsToolbar q={list.q} onSearch={list.setSearch} sort={list.sort} onSort={list.setSort} />
      <ListState
        status={microfrontends.status}
        error={microfrontends.error}
        onRetry={() => void microfrontends.refetch()}
        errorTitle="Could not load microfrontends"
        isEmpty={rows.length === 0}
        loading={<MicrofrontendCardsSkeleton />}
        empty={
          <EmptyState
            icon={Blocks}
            title={list.q ? 'No microfrontends found' : 'No microfrontends registered yet'}
            description={list.q ? 'Try another search.' : undefined}
          />
        }
      >
        <PagedList
          view={list}
          total={microfrontends.data?.total ?? 0}
          links={microfrontends.data}
          shown={rows.length}
          busy={microfrontends.isPlaceholderData}
          label="Microfrontends pages"
        >
          {rows.map((microfrontend) => (
            <MicrofrontendCard
              key={microfrontend.id}
              microfrontend={microfrontend}
              canManage={isAdmin}
              {...cardActions}
            />
          ))}
        </PagedList>
      </ListState>
      {isAdmin && dialogs}
    </div>
  );
}
