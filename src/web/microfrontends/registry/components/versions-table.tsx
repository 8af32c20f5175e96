import type { MicrofrontendVersion } from '@contract/microfrontends';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  tableStickyEndClass,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatDate, technologyLabel } from '@/lib/format';
import { VersionActions } from '@/microfrontends/registry/components/version-actions';
import { VersionStatusBadge } from '@/microfrontends/registry/components/version-status-badge';
import { joinModules } from '@/microfrontends/registry/lib/exposed-modules';

/** The first characters of an integrity hash ("sha384-oqVuAfXR…"); the full one in the title. */
export function truncateHash(hash: string, length = 16): string {
  return hash.length > length ? `${hash.slice(0, length)}…` : hash;
}

type VersionsTableProps = {
  /** The newest versions, as the registry page's rows carry them (no request of its own). */
  versions: MicrofrontendVersion[];
  /** How many versions the microfrontend has: more than shown says so under the table. */
  versionCount: number;
  canManage: boolean;
  onEdit: (version: MicrofrontendVersion) => void;
};

/** A microfrontend's versions, newest first. */
export function VersionsTable({ versions, versionCount, canManage, onEdit }: VersionsTableProps) {
  if (versions.length === 0) return <p className="text-sm text-muted-foreground">No versions yet</p>;

  return (
    <>
      <VersionRows versions={versions} canManage={canManage} onEdit={onEdit} />
      {versionCount > versions.length && (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="versions-more">
          The newest {versions.length} of {versionCount} versions
        </p>
      )}
    </>
  );
}

function VersionRows({ versions, canManage, onEdit }: Omit<VersionsTableProps, 'versionCount'>) {
  return (
    <Table data-testid="versions-table">
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Module Type</TableHead>
          <TableHead>Entry URL</TableHead>
          <TableHead>Exposed Modules</TableHead>
          <TableHead>Integrity Hash</TableHead>
          <TableHead>Created</TableHead>
          {canManage && (
            <TableHead className={cn('bg-card text-right', tableStickyEndClass)}>Actions</TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {versions.map((version) => (
          <TableRow key={version.id} data-testid="version-row">
            <TableCell className="font-medium">{version.version}</TableCell>
            <TableCell>
              <VersionStatusBadge status={version.status} />
            </TableCell>
            <TableCell>{technologyLabel(version.moduleType)}</TableCell>
            <TableCell className="max-w-64 truncate font-mono text-xs" title={version.entryUrl ?? undefined}>
              {version.entryUrl ?? '—'}
            </TableCell>
            <TableCell className="max-w-64 truncate font-mono text-xs">
              {joinModules(version.exposedModules) || '—'}
            </TableCell>
            <TableCell className="font-mono text-xs" title={version.integrityHash ?? undefined}>
              {version.integrityHash ? truncateHash(version.integrityHash) : '—'}
            </TableCell>
            <TableCell>{formatDate(version.createdAt)}</TableCell>
            {canManage && (
              <TableCell className={cn('bg-card', tableStickyEndClass)}>
                <VersionActions version={version} onEdit={onEdit} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
