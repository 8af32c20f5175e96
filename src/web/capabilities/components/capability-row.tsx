import type { Capability } from '@contract/capabilities';
import { Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { CapabilityRowActions } from '@/capabilities/components/capability-row-actions';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow, tableStickyEndClass } from '@/components/ui/table';
import { cn } from '@/lib/utils';

type CapabilityRowProps = {
  capability: Capability;
  /** Administrators get the row menu (Edit, Delete). */
  canManage: boolean;
  onEdit: (capability: Capability) => void;
  onDelete: (capability: Capability) => void;
};

const orDash = (text: string | null) => text || '—';
const configurationPath = (capability: Capability) =>
  `/capability/${encodeURIComponent(capability.id)}/configuration`;

/** The name cell: a link to the capability's configuration, its description under it. */
function CapabilityNameCell({ capability }: { capability: Capability }) {
  return (
    <TableCell className="px-3">
      <Link
        to={configurationPath(capability)}
        className="font-medium underline-offset-4 hover:underline focus-visible:underline"
      >
        {capability.name}
      </Link>
      {capability.description && (
        <div className="max-w-xs truncate text-xs text-muted-foreground" title={capability.description}>
          {capability.description}
        </div>
      )}
    </TableCell>
  );
}

/** One row of the catalogue table (docs/product.md, Capabilities). */
export function CapabilityRow({ capability, canManage, onEdit, onDelete }: CapabilityRowProps) {
  return (
    <TableRow data-testid="capability-row">
      <CapabilityNameCell capability={capability} />
      <TableCell className="px-3">{orDash(capability.category)}</TableCell>
      <TableCell className="px-3 font-mono text-xs">{orDash(capability.version)}</TableCell>
      <TableCell className="px-3">
        <StatusBadge status={capability.status} />
      </TableCell>
      <TableCell
        className="max-w-64 truncate px-3 font-mono text-xs"
        title={capability.endpoint ?? undefined}
      >
        {orDash(capability.endpoint)}
      </TableCell>
      <TableCell className={cn('bg-background px-3', tableStickyEndClass)}>
        <div className="flex items-center justify-end gap-1">
          <Button asChild variant="outline" size="sm">
            <Link to={configurationPath(capability)} aria-label={`Configure ${capability.name}`}>
              <Settings2 aria-hidden="true" />
              Configure
            </Link>
          </Button>
          {canManage && <CapabilityRowActions capability={capability} onEdit={onEdit} onDelete={onDelete} />}
        </div>
      </TableCell>
    </TableRow>
  );
}
