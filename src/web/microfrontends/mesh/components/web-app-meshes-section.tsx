import { webAppMeshSortFields } from '@contract/list-conventions';
import type { WebAppMesh } from '@contract/web-app-meshes';
import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/list/paged-list';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMeshes } from '@/microfrontends/mesh/api/get-meshes';
import { MeshesTable } from '@/microfrontends/mesh/components/meshes-table';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { MeshesToolbar } from '@/microfrontends/mesh/components/meshes-toolbar';
import { useTenantNames } from '@/tenants';
import { lazyDialog } from '@/components/lazy-dialog';

// The confirmation loads on its own (the list paints without it); it is open while it has a mesh.
const MeshDeleteDialog = lazyDialog(
  () => import('@/microfrontends/mesh/components/mesh-delete-dialog').then((m) => m.MeshDeleteDialog),
  (props) => props.mesh !== null,
);

function MeshesSectionHeader() {
  return (
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
  );
}

/** One page of the meshes, as the list's state in the address asks, and their tenants' names. */
function useMeshesList() {
  // Prefixed (meshQ, meshPage...): the Web Apps list above keeps its own state in the same address.
  const list = useListUrlState({
    prefix: 'mesh',
    sortFields: webAppMeshSortFields,
    defaultSort: '-createdAt',
    filters: ['tenantId'],
  });
  const meshes = useMeshes(list.query);
  const rows = meshes.data?.rows ?? [];
  // Only this page's tenants are named (ids=), never the whole tenant list.
  const tenantNames = useTenantNames(rows.map((mesh) => mesh.tenantId));
  const tenantName = (tenantId: string) => tenantNames?.get(tenantId) ?? tenantId;
  return { list, meshes, rows, total: meshes.data?.total ?? 0, tenantName };
}

/** Named apart from the page's own Retry: this is a secondary section of the Web Apps page. */
function MeshesRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mt-2 flex justify-center">
      <Button variant="outline" size="sm" aria-label="Retry loading web app meshes" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** The web app meshes the viewer may see, on the Web Apps page. */
export function WebAppMeshesSection() {
  const { list, meshes, rows, total, tenantName } = useMeshesList();
  const [deleting, setDeleting] = useState<WebAppMesh | null>(null);
  const filtered = !!(list.q || list.filters.tenantId);

  return (
    <section aria-labelledby="web-app-meshes-title">
      <Card>
        <MeshesSectionHeader />
        <CardContent>
          <MeshesToolbar
            q={list.q}
            onSearch={list.setSearch}
            tenantId={list.filters.tenantId}
            onTenantChange={(tenantId) => list.setFilter('tenantId', tenantId)}
          />
          <ListState
            status={meshes.status}
            error={meshes.error}
            isEmpty={total === 0}
            errorTitle="Web app meshes could not be loaded"
            loading={
              <p className="py-6 text-center text-sm text-muted-foreground">Loading web app meshes...</p>
            }
            empty={<EmptyState title={filtered ? 'No web app meshes found' : 'No web app meshes yet'} />}
          >
            <PagedList
              view={list}
              total={total}
              links={meshes.data}
              shown={rows.length}
              busy={meshes.isPlaceholderData}
              label="Web app meshes pages"
              className="space-y-2"
            >
              <MeshesTable
                meshes={rows}
                tenantName={tenantName}
                onDelete={setDeleting}
                sort={list.sort}
                onSort={list.setSort}
              />
            </PagedList>
          </ListState>
          {meshes.status === 'error' && <MeshesRetry onRetry={() => void meshes.refetch()} />}
        </CardContent>
      </Card>
      <MeshDeleteDialog mesh={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
