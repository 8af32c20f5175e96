import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import { Blocks, Plus } from 'lucide-react';
import { microfrontendSortFields } from '@contract/lists';
import { useState } from 'react';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/list/paged-list';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { useMicrofrontends } from '@/microfrontends/api/get-microfrontends';
import { MicrofrontendCard } from '@/microfrontends/registry/components/microfrontend-card';
import { MicrofrontendDeleteDialog } from '@/microfrontends/registry/components/microfrontend-delete-dialog';
import { MicrofrontendFormDialog } from '@/microfrontends/registry/components/microfrontend-form-dialog';
import { MicrofrontendsToolbar } from '@/microfrontends/registry/components/microfrontends-toolbar';
import { VersionFormDialog } from '@/microfrontends/registry/components/version-form-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Dialog states keep their subject while closing, so titles do not flip mid-animation. */
type FormState = { open: boolean; microfrontend?: Microfrontend };
type DeleteState = { open: boolean; microfrontend: Microfrontend | null };
type VersionState = { open: boolean; microfrontend: Microfrontend | null; version?: MicrofrontendVersion };

/** /microfrontends: the registry of microfrontends and their versions (issue 7, part 1). */
export function MicrofrontendsPage() {
  useDocumentTitle('Microfrontends');
  const isAdmin = useIsAdmin();
  const list = useListUrlState({ sortFields: microfrontendSortFields, defaultSort: 'name', filters: [] });
  const microfrontends = useMicrofrontends(list.query);
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<DeleteState>({ open: false, microfrontend: null });
  const [versionForm, setVersionForm] = useState<VersionState>({ open: false, microfrontend: null });
  const rows = microfrontends.data?.rows ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Microfrontends"
        description="Registered microfrontends and their versions; published versions can be deployed and composed into meshes."
        actions={
          isAdmin && (
            <Button onClick={() => setForm({ open: true })}>
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
        loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading microfrontends...</p>}
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
          shown={rows.length}
          busy={microfrontends.isPlaceholderData}
          label="Microfrontends pages"
        >
          {rows.map((microfrontend) => (
            <MicrofrontendCard
              key={microfrontend.id}
              microfrontend={microfrontend}
              canManage={isAdmin}
              onEdit={(m) => setForm({ open: true, microfrontend: m })}
              onDelete={(m) => setDeleting({ open: true, microfrontend: m })}
              onAddVersion={(m) => setVersionForm({ open: true, microfrontend: m })}
              onEditVersion={(m, version) => setVersionForm({ open: true, microfrontend: m, version })}
            />
          ))}
        </PagedList>
      </ListState>
      {isAdmin && (
        <>
          <MicrofrontendFormDialog
            open={form.open}
            microfrontend={form.microfrontend}
            onOpenChange={(open) => !open && setForm((current) => ({ ...current, open: false }))}
          />
          <MicrofrontendDeleteDialog
            open={deleting.open}
            microfrontend={deleting.microfrontend}
            onClose={() => setDeleting((current) => ({ ...current, open: false }))}
          />
          <VersionFormDialog
            open={versionForm.open}
            microfrontend={versionForm.microfrontend}
            version={versionForm.version}
            onOpenChange={(open) => !open && setVersionForm((current) => ({ ...current, open: false }))}
          />
        </>
      )}
    </div>
  );
}
