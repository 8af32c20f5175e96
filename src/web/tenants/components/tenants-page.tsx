import type { Tenant } from '@contract/tenants';
import { Building2, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useIsAdmin } from '@/auth/use-can';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTenantList, type TenantListParams } from '@/tenants/list/api/get-tenant-list';
import { CardGridSkeleton } from '@/tenants/list/components/card-grid-skeleton';
import { TenantCard } from '@/tenants/list/components/tenant-card';
import { TenantDeleteDialog } from '@/tenants/list/components/tenant-delete-dialog';
import { TenantFormDialog } from '@/tenants/list/components/tenant-form-dialog';
import { TenantInfrastructureDialog } from '@/tenants/list/components/tenant-infrastructure-dialog';
import { TenantsSearch } from '@/tenants/list/components/tenants-search';

/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Which dialog is open, for which tenant; the tenant stays while a dialog closes, so its text does not flip. */
type DialogState = { kind: 'form' | 'infrastructure' | 'delete' | null; tenant: Tenant | null };

/** /tenants: Tenant Management (SPEC.md section 2). */
export function TenantsPage() {
  const isAdmin = useIsAdmin();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ kind: null, tenant: null });
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const params = useMemo<TenantListParams>(() => ({ q: q || undefined }), [q]);
  const tenants = useTenantList(params);
  const rows = tenants.data?.tenants ?? [];

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
      <TenantsSearch value={search} onChange={setSearch} />
      <ListState
        status={tenants.status}
        error={tenants.error}
        onRetry={() => void tenants.refetch()}
        errorTitle="Could not load tenants"
        isEmpty={rows.length === 0}
        loading={<CardGridSkeleton label="Loading tenants" />}
        empty={<EmptyState icon={Building2} title="No tenants found" />}
      >
        <div
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-busy={tenants.isPlaceholderData || undefined}
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
        </div>
        {tenants.data && tenants.data.total > rows.length && (
          <p className="text-sm text-muted-foreground">
            Showing {rows.length} of {tenants.data.total}
          </p>
        )}
      </ListState>
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
