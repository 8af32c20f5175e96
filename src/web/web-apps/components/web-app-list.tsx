import type { WebApp } from '@contract/web-apps';
import { AppWindow } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PagedCardGrid } from '@/components/list/paged-card-grid';
import { useWebApps } from '@/web-apps/api/get-web-apps';
import { WebAppCard } from '@/web-apps/components/web-app-card';
import { WebAppsSkeleton } from '@/web-apps/components/web-apps-skeleton';
import { WebAppsToolbar } from '@/web-apps/components/web-apps-toolbar';
import { useWebAppsView } from '@/web-apps/lib/web-apps-view';
import { lazyDialog } from '@/components/lazy-dialog';

// Forms and confirmations load on their own (the list paints without them).
const WebAppEditDialog = lazyDialog(() =>
  import('@/web-apps/components/web-app-edit-dialog').then((m) => m.WebAppEditDialog),
);
const WebAppDeleteDialog = lazyDialog(() =>
  import('@/web-apps/components/web-app-delete-dialog').then((m) => m.WebAppDeleteDialog),
);

/** The app being edited or deleted; it stays while the dialog closes, so its text does not flip. */
type DialogState = { kind: 'edit' | 'delete' | null; app: WebApp | null };

/** Search, filters, sort, paging and the card grid with each card's Edit and Delete dialogs. */
export function WebAppList() {
  const view = useWebAppsView();
  const [dialog, setDialog] = useState<DialogState>({ kind: null, app: null });
  const webApps = useWebApps(view.query);
  const rows = webApps.data?.rows ?? [];
  const close = () => setDialog((current) => ({ ...current, kind: null }));

  return (
    <>
      <WebAppsToolbar view={view} />
      <PagedCardGrid
        query={webApps}
        view={view}
        shown={rows.length}
        pagesLabel="Applications pages"
        errorTitle="Could not load applications"
        loading={<WebAppsSkeleton />}
        empty={<EmptyState icon={AppWindow} title="No applications found" />}
      >
        {rows.map((app) => (
          <WebAppCard
            key={app.id}
            app={app}
            onEdit={(app) => setDialog({ kind: 'edit', app })}
            onDelete={(app) => setDialog({ kind: 'delete', app })}
          />
        ))}
      </PagedCardGrid>
      <WebAppEditDialog
        open={dialog.kind === 'edit'}
        app={dialog.app}
        onOpenChange={(open) => !open && close()}
      />
      <WebAppDeleteDialog open={dialog.kind === 'delete'} app={dialog.app} onClose={close} />
    </>
  );
}
