import type { Capability } from '@contract/capabilities';
import { Pencil, Trash2 } from 'lucide-react';
import { ActionItem, ActionsMenu } from '@/components/actions-menu';

type CapabilityRowActionsProps = {
  capability: Capability;
  onEdit: (capability: Capability) => void;
  onDelete: (capability: Capability) => void;
};

/** The row menu: Edit and Delete (administrators only; the page decides). */
export function CapabilityRowActions({ capability, onEdit, onDelete }: CapabilityRowActionsProps) {
  return (
    <ActionsMenu name={capability.name}>
      <ActionItem icon={Pencil} onSelect={() => onEdit(capability)}>
        Edit
      </ActionItem>
      <ActionItem icon={Trash2} destructive onSelect={() => onDelete(capability)}>
        Delete
      </ActionItem>
    </ActionsMenu>
  );
}
