import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { WebAppMeshesSection } from '@/microfrontends';
import { WebAppList } from '@/web-apps/components/web-app-list';
import { useCanCreateWebApp } from '@/web-apps/lib/use-can-create-web-app';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { lazyDialog } from '@/components/lazy-dialog';

// The create wizard loads on its own (the list paints without it).
const WebAppCreateDialog = lazyDialog(() =>
  import('@/web-apps/components/web-app-create-dialog').then((m) => m.WebAppCreateDialog),
);

/** /apps: Web Applications (docs/product.md, Web Applications). Further sections go below the list. */
export function WebAppsPage() {
  useDocumentTitle('Web Apps');
  const canCreate = useCanCreateWebApp();
  const [creating, setCreating] = useState(false);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Web Applications"
        description="Applications registered under tenants, composed from microfrontends."
        actions={
          canCreate && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create Web App
            </Button>
          )
        }
      />
      <section aria-label="Applications" className="space-y-6">
        <WebAppList />
      </section>
      <WebAppMeshesSection />
      {canCreate && <WebAppCreateDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}
