import type { MicrofrontendVersion } from '@contract/microfrontends';
import { ErrorState } from '@/components/error-state';
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
import { useMicrofrontendVersions } from '@/microfrontends/api/get-microfrontend-versions';
import { VersionActions } from '@/microfrontends/registry/components/version-actions';
import { VersionStatusBadge } from '@/microfrontends/registry/components/version-status-badge';
import { joinModules } from '@/microfrontends/registry/lib/exposed-modules';

/** The first characters of an integrity hash ("sha384-oqVuAfXR…"); the full one in the title. */
export function truncateHash(hash: string, length = 16): string {
  return hash.length > length ? `${hash.slice(0, length)}…` : hash;
}

type VersionsTableProps = {
  microfrontendId: string;
  canManage: boolean;
  onEdit: (version: MicrofrontendVersion) => void;
};

/** A microfrontend's versions, newest first. */
export function VersionsTable({ microfrontendId, canManage, onEdit }: VersionsTableProps) {
  const versions = useMicrofrontendVersions(microfrontendId);

  if (versions.status === 'pending')
    return <p className="text-sm text-muted-foreground">Loading versions...</p>;
  if (versions.status === 'error')
    return (
      <ErrorState
        error={versions.error}
        title="Could not load versions"
        onRetry={() => void versions.refetch()}
      />
    );
  if (versions.data.length === 0) return <p className="text-sm text-muted-foreground">No versions yet</p>;

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
        {versions.data.map((version) => (
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
