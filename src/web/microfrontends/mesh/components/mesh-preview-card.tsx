import type { Option } from '@contract/lists';
import { OPTIONS_MAX } from '@contract/list-conventions';
import { CodeBlock } from '@/components/code-block';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMicrofrontendOptions } from '@/microfrontends/api/get-microfrontend-options';
import { usePublishedVersions } from '@/microfrontends/api/get-microfrontend-versions';
import { MeshDetail } from '@/microfrontends/mesh/components/mesh-detail';
import { type MeshItemInput } from '@/microfrontends/mesh/lib/mesh-form';
import {
  parseConfigOverride,
  parseJsonObject,
  parseStringList,
  prettyJson,
} from '@/microfrontends/mesh/lib/mesh-json';

/** What the mesh will load, item by item; shown once every item has a label and a version. */
export function MeshPreviewCard({ items }: { items: MeshItemInput[] }) {
  // Only the chosen microfrontends' names, by id (the registry can be large).
  const ids = [...new Set(items.map((item) => item.microfrontendId).filter(Boolean))].slice(0, OPTIONS_MAX);
  const microfrontends = useMicrofrontendOptions({ ids, limit: OPTIONS_MAX });
  return (
    <Card data-testid="mesh-preview">
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <CardDescription>The menu as a host shell will load it.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {items.map((item, order) => (
            <PreviewItem
              // Items have no id before they are saved; the position is the order.
              key={order}
              item={item}
              order={order}
              microfrontend={microfrontends.data?.rows.find((m) => m.id === item.microfrontendId)}
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function PreviewItem({
  item,
  order,
  microfrontend,
}: {
  item: MeshItemInput;
  order: number;
  microfrontend: Option | undefined;
}) {
  const versions = usePublishedVersions(item.microfrontendId);
  const version = versions.data?.find((v) => v.id === item.microfrontendVersionId);
  // The override (when it parses) laid over the version's defaults, as the manifest will merge them.
  const config = {
    ...parseJsonObject(version?.defaultConfig ?? null),
    ...parseConfigOverride(item.configText),
  };
  const modules = parseStringList(version?.exposedModules ?? null);

  return (
    <li data-testid="mesh-preview-item" className="rounded-lg border p-4">
      <p className="mb-3 font-medium">{item.label}</p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <MeshDetail term="Microfrontend">
          {microfrontend?.label ?? item.microfrontendId} {version ? `v${version.version}` : ''}
        </MeshDetail>
        <MeshDetail term="Status">{version ? <StatusBadge status={version.status} /> : '-'}</MeshDetail>
        <MeshDetail term="Order">{order}</MeshDetail>
        <MeshDetail term="Type">{version?.moduleType ?? '-'}</MeshDetail>
        <MeshDetail term="Entry URL" className="sm:col-span-2">
          <span className="break-all font-mono text-xs">{version?.entryUrl ?? '-'}</span>
        </MeshDetail>
        <MeshDetail term="Exposed Modules" className="sm:col-span-2">
          {modules.length > 0 ? modules.join(', ') : 'None'}
        </MeshDetail>
        <MeshDetail term="Configuration" className="sm:col-span-2">
          <CodeBlock label={`Configuration of ${item.label}`} data-testid="mesh-preview-config">
            {prettyJson(config)}
          </CodeBlock>
        </MeshDetail>
      </dl>
    </li>
  );
}
