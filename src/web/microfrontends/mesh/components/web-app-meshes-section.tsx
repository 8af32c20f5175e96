import type { WebAppMesh } from '@contract/web-app-meshes';
import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMeshes } from '@/microfrontends/mesh/api/get-meshes';
import { MeshDeleteDialog } from '@/microfrontends/mesh/components/mesh-delete-dialog';
import { MeshesTable } from '@/microfrontends/mesh/components/meshes-table';
import { useTenants } from '@/tenants';

/** The web app meshes the viewer may see, on the Web Apps page. */
export function WebAppMeshesSection() {
  const meshes = useMeshes();
  const tenants = useTenants();
  const [deleting, setDeleting] = useState<WebAppMesh | null>(null);
  const tenantName = (tenantId: string) => tenants.data?.find((t) => t.id === tenantId)?.name ?? tenantId;

  return (
    <section aria-labelledby="web-app-meshes-title">
      <Card>
        <CardHeader>
          <CardTitle id="web-app-meshes-title" role="heading" aria-level={2}>
            Web App Meshes
          </CardTitle>
          <CardDescription>Menus composed from published microfrontend versions.</CardDescription>
          <CardAction>
            <Button asChild size="sm">
              <Link to="/apps/create-mesh">
                <Plus aria-hidden="true" />
                Create Web App Mesh
              </Link>
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent>
          <ListState
            status={meshes.status}
            error={meshes.error}
            isEmpty={meshes.data?.length === 0}
            errorTitle="Web app meshes could not be loaded"
            loading={
              <p className="py-6 text-center text-sm text-muted-foreground">Loading web app meshes...</p>
            }
            empty={<EmptyState title="No web app meshes yet" />}
          >
            <MeshesTable meshes={meshes.data ?? []} tenantName={tenantName} onDelete={setDeleting} />
          </ListState>
          {meshes.status === 'error' && (
            // Named apart from the page's own Retry: this is a secondary section of the Web Apps page.
            <div className="mt-2 flex justify-center">
              <Button
                variant="outline"
                size="sm"
                aria-label="Retry loading web app meshes"
                onClick={() => void meshes.refetch()}
              >
                <RefreshCw aria-hidden="true" />
                Retry
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <MeshDeleteDialog mesh={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
