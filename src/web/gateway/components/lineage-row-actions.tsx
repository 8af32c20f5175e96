import { ArrowUpRight, History, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { ActionItem, ActionsMenu } from '@/components/actions-menu';
import { DropdownMenuSeparator } from '@/components/ui/dropdown-menu';

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
    <ActionsMenu name={name}>
      {canWrite && (
        <ActionItem icon={Pencil} onSelect={onEdit}>
          Edit
        </ActionItem>
      )}
      <ActionItem icon={History} onSelect={onHistory}>
        History
      </ActionItem>
      {canWrite && promoteLabel && onPromote && (
        <ActionItem icon={ArrowUpRight} onSelect={onPromote}>
          {promoteLabel}
        </ActionItem>
      )}
      {canWrite && (
        <>
          <ActionItem icon={active ? PowerOff : Power} onSelect={onToggle}>
            {active ? 'Disable' : 'Enable'}
          </ActionItem>
          <DropdownMenuSeparator />
          <ActionItem icon={Trash2} destructive onSelect={onDelete}>
            Delete
          </ActionItem>
        </>
      )}
    </ActionsMenu>
  );
}
