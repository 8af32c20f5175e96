import type { SortValue, webAppMeshSortFields } from '@contract/lists';
import type { WebAppMesh } from '@contract/web-app-meshes';
import { Link } from 'react-router';
import { SortableHeader } from '@/components/list/sortable-header';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCanOnTenant } from '@/auth';
import { formatDate } from '@/lib/format';
import { countMenuItems } from '@/microfrontends/mesh/lib/mesh-json';

type MeshesTableProps = {
  meshes: WebAppMesh[];
  tenantName: (tenantId: string) => string;
  onDelete: (mesh: WebAppMesh) => void;
  sort: MeshSort;
  onSort: (sort: MeshSort) => void;
};

export type MeshSort = SortValue<(typeof webAppMeshSortFields)[number]>;

export function MeshesTable({ meshes, tenantName, onDelete, sort, onSort }: MeshesTableProps) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="meshes-table">
        <TableHeader>
          <TableRow>
            <SortableHeader field="name" sort={sort} onSort={onSort} className="px-3">
              Name
            </SortableHeader>
            <TableHead className="px-3">Tenant</TableHead>
            <TableHead className="px-3">Items</TableHead>
            <SortableHeader field="createdAt" sort={sort} onSort={onSort} className="px-3">
              Created
            </SortableHeader>
            <TableHead className="px-3">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {meshes.map((mesh) => (
            <MeshRow key={mesh.id} mesh={mesh} tenant={tenantName(mesh.tenantId)} onDelete={onDelete} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function MeshRow({
  mesh,
  tenant,
  onDelete,
}: {
  mesh: WebAppMesh;
  tenant: string;
  onDelete: (mesh: WebAppMesh) => void;
}) {
  const canDelete = useCanOnTenant(mesh.tenantId, 'meshes');
  return (
    <TableRow data-testid="mesh-row">
      <TableCell className="px-3">
        <div className="font-medium">{mesh.name}</div>
        {mesh.description && (
          <div className="max-w-xs truncate text-xs text-muted-foreground" title={mesh.description}>
            {mesh.description}
          </div>
        )}
      </TableCell>
      <TableCell className="px-3">{tenant}</TableCell>
      <TableCell className="px-3" data-testid="mesh-item-count">
        {countMenuItems(mesh.menuItems)}
      </TableCell>
      <TableCell className="px-3">{formatDate(mesh.createdAt)}</TableCell>
      <TableCell className="px-3">
        <div className="flex items-center justify-end gap-1">
          <Button asChild variant="outline" size="sm">
            <Link to={`/apps/meshes/${encodeURIComponent(mesh.id)}`} aria-label={`Open ${mesh.name}`}>
              Open
            </Link>
          </Button>
          {canDelete && (
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={`Delete ${mesh.name}`}
              onClick={() => onDelete(mesh)}
            >
              Delete
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
