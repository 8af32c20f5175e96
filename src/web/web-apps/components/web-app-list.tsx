import type { WebApp } from '@contract/web-apps';
import { AppWindow } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useWebApps, type WebAppsParams } from '@/web-apps/api/get-web-apps';
import { WebAppCard } from '@/web-apps/components/web-app-card';
import { WebAppDeleteDialog } from '@/web-apps/components/web-app-delete-dialog';
import { WebAppEditDialog } from '@/web-apps/components/web-app-edit-dialog';
import { WebAppsSkeleton } from '@/web-apps/components/web-apps-skeleton';
import { ALL_STATUSES, WebAppsToolbar } from '@/web-apps/components/web-apps-toolbar';

/** Typing in the search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The app being edited or deleted; it stays while the dialog closes, so its text does not flip. */
type DialogState = { kind: 'edit' | 'delete' | null; app: WebApp | null };

/** Search, status filter and the card grid with each card's Edit and Delete dialogs. */
export function WebAppList() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL_STATUSES);
  const [dialog, setDialog] = useState<DialogState>({ kind: null, app: null });
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const params = useMemo<WebAppsParams>(
    () => ({ q: q || undefined, status: status === ALL_STATUSES ? undefined : status }),
    [q, status],
  );
  const webApps = useWebApps(params);
  const rows = webApps.data?.webApps ?? [];
  const close = () => setDialog((current) => ({ ...current, kind: null }));

  return (
    <>
      <WebAppsToolbar search={search} onSearchChange={setSearch} status={status} onStatusChange={setStatus} />
      <ListState
        status={webApps.status}
        error={webApps.error}
        onRetry={() => void webApps.refetch()}
        errorTitle="Could not load applications"
        isEmpty={rows.length === 0}
        loading={<WebAppsSkeleton />}
        empty={<EmptyState icon={AppWindow} title="No applications found" />}
      >
        <div
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-busy={webApps.isPlaceholderData || undefined}
        >
          {rows.map((app) => (
            <WebAppCard
              key={app.id}
              app={app}
              onEdit={(app) => setDialog({ kind: 'edit', app })}
              onDelete={(app) => setDialog({ kind: 'delete', app })}
            />
          ))}
        </div>
        {webApps.data && webApps.data.total > rows.length && (
          <p className="text-sm text-muted-foreground">
            Showing {rows.length} of {webApps.data.total}
          </p>
        )}
      </ListState>
      <WebAppEditDialog
        open={dialog.kind === 'edit'}
        app={dialog.app}
        onOpenChange={(open) => !open && close()}
      />
      <WebAppDeleteDialog open={dialog.kind === 'delete'} app={dialog.app} onClose={close} />
    </>
  );
}
