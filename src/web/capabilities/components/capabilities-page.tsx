import type { Capability } from '@contract/capabilities';
import { Plus, Server } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCapabilities, type CapabilitiesParams } from '@/capabilities/api/get-capabilities';
import { CapabilitiesTable } from '@/capabilities/components/capabilities-table';
import { ALL_STATUSES, CapabilitiesToolbar } from '@/capabilities/components/capabilities-toolbar';
import { CapabilityDeleteDialog } from '@/capabilities/components/capability-delete-dialog';
import { CapabilityFormDialog } from '@/capabilities/components/capability-form-dialog';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The register/edit dialog; the capability stays while it closes, so its title does not flip. */
type FormState = { open: boolean; capability?: Capability };
/** The delete confirmation, likewise. */
type DeleteState = { open: boolean; capability: Capability | null };

/** /apis: the capability catalogue (SPEC.md section 2, "Capabilities"). */
export function CapabilitiesPage() {
  const isAdmin = useIsAdmin();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL_STATUSES);
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<DeleteState>({ open: false, capability: null });
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const params = useMemo<CapabilitiesParams>(
    () => ({ q: q || undefined, status: status === ALL_STATUSES ? undefined : status }),
    [q, status],
  );
  const capabilities = useCapabilities(params);
  const filtered = params.q !== undefined || params.status !== undefined;
  const rows = capabilities.data?.capabilities ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Capabilities"
        description="Shared backend services that tenants subscribe to and configure."
        actions={
          isAdmin && (
            <Button onClick={() => setForm({ open: true })}>
              <Plus aria-hidden="true" />
              Register Capability
            </Button>
          )
        }
      />
      <CapabilitiesToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={setStatus}
      />
      <ListState
        status={capabilities.status}
        error={capabilities.error}
        onRetry={() => void capabilities.refetch()}
        errorTitle="Could not load capabilities"
        isEmpty={rows.length === 0}
        loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading capabilities...</p>}
        empty={
          <EmptyState
            icon={Server}
            title={filtered ? 'No capabilities found' : 'No capabilities available'}
            description={filtered ? 'Try another search or status.' : undefined}
          />
        }
      >
        <div className="space-y-2" aria-busy={capabilities.isPlaceholderData || undefined}>
          <CapabilitiesTable
            capabilities={rows}
            canManage={isAdmin}
            onEdit={(capability) => setForm({ open: true, capability })}
            onDelete={(capability) => setDeleting({ open: true, capability })}
          />
          {capabilities.data && capabilities.data.total > rows.length && (
            <p className="text-sm text-muted-foreground" data-testid="capabilities-count">
              Showing {rows.length} of {capabilities.data.total}
            </p>
          )}
        </div>
      </ListState>
      {isAdmin && (
        <>
          <CapabilityFormDialog
            open={form.open}
            capability={form.capability}
            onOpenChange={(open) => !open && setForm((current) => ({ ...current, open: false }))}
          />
          <CapabilityDeleteDialog
            open={deleting.open}
            capability={deleting.capability}
            onClose={() => setDeleting((current) => ({ ...current, open: false }))}
          />
        </>
      )}
    </div>
  );
}
