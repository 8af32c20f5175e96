import type { Tenant } from '@contract/tenants';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { PagedCardGrid } from '@/components/list/paged-card-grid';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useTenantList } from '@/tenants/api/get-tenant-list';
import { CardGridSkeleton } from '@/components/card-grid-skeleton';
import { TenantCard } from '@/tenants/list/components/tenant-card';
import { TenantsToolbar } from '@/tenants/list/components/tenants-toolbar';
import { useTenantsView } from '@/tenants/list/lib/tenants-view';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { lazyDialog } from '@/components/lazy-dialog';

// Forms and confirmations load on their own (the list paints without them).
const TenantFormDialog = lazyDialog(() =>
  import('@/tenants/list/components/tenant-form-dialog').then((m) => m.TenantFormDialog),
);
const TenantInfrastructureDialog = lazyDialog(() =>
  import('@/tenants/list/components/tenant-infrastructure-dialog').then((m) => m.TenantInfrastructureDialog),
);
const TenantDeleteDialog = lazyDialog(() =>
  import('@/tenants/list/components/tenant-delete-dialog').then((m) => m.TenantDeleteDialog),
);

/** Which dialog is open, for which tenant; the tenant stays while a dialog closes, so its text does not flip. */
type DialogState = { kind: 'form' | 'infrastructure' | 'delete' | null; tenant: Tenant | null };

/** /tenants: Tenant Management (docs/product.md), paged, sorted and searched on the server. */
export function TenantsPage() {
  useDocumentTitle('Tenants');
  const isAdmin = useIsAdmin();
  const view = useTenantsView();
  const [dialog, setDialog] = useState<DialogState>({ kind: null, tenant: null });
  const tenants = useTenantList(view.query);
  const rows = tenants.data?.rows ?? [];

  const open = (kind: DialogState['kind']) => (tenant: Tenant | null) => setDialog({ kind, tenant });
  const close = () => setDialog((current) => ({ ...current, kind: null }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tenant Management"
        description="Organisational units with their environments, identity and data-governance settings."
        actions={
          isAdmin && (
            <Button onClick={() => open('form')(null)}>
              <Plus aria-hidden="true" />
              Create Tenant
            </Button>
          )
        }
      />
      <TenantsToolbar view={view} />
      <PagedCardGrid
        query={tenants}
        view={view}
        shown={rows.length}
        pagesLabel="Tenants pages"
        errorTitle="Could not load tenants"
        loading={<CardGridSkeleton label="Loading tenants" />}
        empty={<EmptyState icon={Building2} title="No tenants found" />}
      >
        {rows.map((tenant) => (
          <TenantCard
            key={tenant.id}
            tenant={tenant}
            onEdit={open('form')}
            onConfigure={open('infrastructure')}
            onDelete={open('delete')}
          />
        ))}
      </PagedCardGrid>
      <TenantFormDialog
        open={dialog.kind === 'form'}
        tenant={dialog.tenant ?? undefined}
        onOpenChange={(value) => !value && close()}
      />
      <TenantInfrastructureDialog
        open={dialog.kind === 'infrastructure'}
        tenant={dialog.tenant}
        onOpenChange={(value) => !value && close()}
      />
      <TenantDeleteDialog open={dialog.kind === 'delete'} tenant={dialog.tenant} onClose={close} />
    </div>
  );
}
