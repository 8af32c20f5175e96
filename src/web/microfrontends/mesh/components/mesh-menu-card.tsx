import type { MeshManifest } from '@contract/web-app-meshes';
import { CodeBlock } from '@/components/code-block';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMeshManifest } from '@/microfrontends/mesh/api/get-mesh-manifest';
import { MeshDetail } from '@/microfrontends/mesh/components/mesh-detail';
import { prettyJson } from '@/microfrontends/mesh/lib/mesh-json';

/** The mesh's menu from its manifest: items in order, versions resolved, configuration merged. */
export function MeshMenuCard({ meshId }: { meshId: string }) {
  const manifest = useMeshManifest(meshId);
  return (
    <Card>
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Menu
        </CardTitle>
        <CardDescription>Resolved versions, as a host shell loads them.</CardDescription>
      </CardHeader>
      <CardContent>
        {manifest.status === 'pending' && (
          <p aria-busy="true" className="py-6 text-center text-sm text-muted-foreground">
            Loading menu...
          </p>
        )}
        {manifest.status === 'error' && (
          <ErrorState
            title="The menu could not be loaded"
            error={manifest.error}
            onRetry={() => void manifest.refetch()}
          />
        )}
        {manifest.status === 'success' &&
          (manifest.data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">This mesh has no menu items.</p>
          ) : (
            <ol className="space-y-4">
              {manifest.data.items.map((item) => (
                <MenuItem key={item.id} item={item} />
              ))}
            </ol>
          ))}
      </CardContent>
    </Card>
  );
}

function MenuItem({ item }: { item: MeshManifest['items'][number] }) {
  return (
    <li data-testid="mesh-menu-item" className="rounded-lg border p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Badge variant="secondary">Order: {item.order}</Badge>
        <span className="font-medium">{item.label}</span>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <MeshDetail term="Microfrontend">
          {item.microfrontend.name} <span className="text-muted-foreground">({item.microfrontend.slug})</span>
        </MeshDetail>
        <MeshDetail term="Version">
          <span className="inline-flex items-center gap-2">
            <span className="font-mono">v{item.version}</span>
            <StatusBadge status={item.status} />
          </span>
        </MeshDetail>
        <MeshDetail term="Module Type">{item.moduleType}</MeshDetail>
        <MeshDetail term="Exposed Modules">
          {item.exposedModules.length > 0 ? item.exposedModules.join(', ') : 'None'}
        </MeshDetail>
        <MeshDetail term="Entry URL" className="sm:col-span-2">
          <span className="font-mono text-xs break-all">{item.entryUrl ?? 'N/A'}</span>
        </MeshDetail>
        <MeshDetail term="Integrity Hash" className="sm:col-span-2">
          <span className="font-mono text-xs break-all">{item.integrityHash ?? 'N/A'}</span>
        </MeshDetail>
        <MeshDetail term="Configuration" className="sm:col-span-2">
          <CodeBlock label={`Configuration of ${item.label}`}>{prettyJson(item.config)}</CodeBlock>
        </MeshDetail>
      </dl>
    </li>
  );
}
