import { ArrowUpRight, History, MoreHorizontal, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

type LineageRowActionsProps = {
  /** "route /orders": the menu is "Actions for route /orders". */
  name: string;
  /** Whether the lineage has an active version (Disable) or not (Enable). */
  active: boolean;
  /** Without write permission the menu offers History only. */
  canWrite: boolean;
  onEdit: () => void;
  onHistory: () => void;
  onToggle: () => void;
  onDelete: () => void;
  /** "Promote to UAT": set for an active version before production, for those who may write. */
  promoteLabel?: string;
  onPromote?: () => void;
};

/** A route's or policy's row menu: Edit, History, Promote, Disable/Enable, Delete. */
export function LineageRowActions({
  name,
  active,
  canWrite,
  onEdit,
  onHistory,
  onToggle,
  onDelete,
  promoteLabel,
  onPromote,
}: LineageRowActionsProps) {
  return (
    // Not modal: a modal menu handing focus to a dialog can leave the page unclickable (radix-ui#1241).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canWrite && (
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onHistory}>
          <History aria-hidden="true" />
          History
        </DropdownMenuItem>
        {canWrite && promoteLabel && onPromote && (
          <DropdownMenuItem onSelect={onPromote}>
            <ArrowUpRight aria-hidden="true" />
            {promoteLabel}
          </DropdownMenuItem>
        )}
        {canWrite && (
          <>
            <DropdownMenuItem onSelect={onToggle}>
              {active ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
              {active ? 'Disable' : 'Enable'}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
