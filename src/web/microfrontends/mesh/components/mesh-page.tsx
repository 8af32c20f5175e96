import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCanOnTenant } from '@/auth';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMesh } from '@/microfrontends/mesh/api/get-mesh';
import { MeshDeleteDialog } from '@/microfrontends/mesh/components/mesh-delete-dialog';
import { MeshDetail } from '@/microfrontends/mesh/components/mesh-detail';
import { MeshMenuCard } from '@/microfrontends/mesh/components/mesh-menu-card';
import { useTenants } from '@/tenants';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The mesh's tenant, author and creation time. */
function MeshSummaryCard({
  tenantName,
  createdBy,
  createdAt,
}: {
  tenantName: string;
  createdBy: string | null;
  createdAt: string;
}) {
  return (
    <Card>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <MeshDetail term="Tenant">
            <span data-testid="mesh-tenant">{tenantName}</span>
          </MeshDetail>
          <MeshDetail term="Created by">{createdBy ?? 'N/A'}</MeshDetail>
          <MeshDetail term="Created at">{formatDate(createdAt)}</MeshDetail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** /apps/meshes/{meshId}: a mesh and its menu with resolved versions. */
export function MeshPage() {
  const { meshId = '' } = useParams();
  const mesh = useMesh(meshId);
  useDocumentTitle(mesh.data?.name, 'Web App Mesh');
  const tenants = useTenants();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const canDelete = useCanOnTenant(mesh.data?.tenantId, 'meshes');
  const missing = mesh.error instanceof ApiError && mesh.error.status === 404;

  return (
    <div className="space-y-6">
      <BackLink to="/apps">Back to Web Apps</BackLink>
      {mesh.status === 'pending' && (
        <p aria-busy="true" className="py-8 text-center text-sm text-muted-foreground">
          Loading web app mesh...
        </p>
      )}
      {mesh.status === 'error' && (
        <ErrorState
          title={missing ? 'Web app mesh not found' : 'Web app mesh could not be loaded'}
          error={mesh.error}
          fallbackMessage={missing ? `There is no web app mesh ${meshId}.` : undefined}
          onRetry={missing ? undefined : () => void mesh.refetch()}
        />
      )}
      {mesh.status === 'success' && (
        <>
          <PageHeader
            title={mesh.data.name}
            description={mesh.data.description ?? undefined}
            actions={
              canDelete && (
                <Button variant="destructive" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              )
            }
          />
          <MeshSummaryCard
            tenantName={tenants.data?.find((t) => t.id === mesh.data.tenantId)?.name ?? mesh.data.tenantId}
            createdBy={mesh.data.createdBy}
            createdAt={mesh.data.createdAt}
          />
          <MeshMenuCard meshId={mesh.data.id} />
          <MeshDeleteDialog
            mesh={confirming ? mesh.data : null}
            onClose={() => setConfirming(false)}
            onDeleted={() => void navigate('/apps')}
          />
        </>
      )}
    </div>
  );
}
