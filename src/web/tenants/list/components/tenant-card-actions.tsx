import type { Tenant } from '@contract/tenants';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useCanOnTenant } from '@/auth';
import { ActionItem, ActionsMenu } from '@/components/actions-menu';

export type TenantActionHandlers = {
  onEdit: (tenant: Tenant) => void;
  onConfigure: (tenant: Tenant) => void;
  onDelete: (tenant: Tenant) => void;
};

/** 'Actions for <tenant>': Edit and Configure IDP & Auth (configure), Delete (delete); hidden when none is allowed. */
export function TenantCardActions({
  tenant,
  onEdit,
  onConfigure,
  onDelete,
}: { tenant: Tenant } & TenantActionHandlers) {
  const canConfigure = useCanOnTenant(tenant.id, 'configure');
  const canDelete = useCanOnTenant(tenant.id, 'delete');
  if (!canConfigure && !canDelete) return null;
  return (
    <ActionsMenu name={tenant.name}>
      {canConfigure && (
        <>
          <ActionItem icon={Pencil} onSelect={() => onEdit(tenant)}>
            Edit
          </ActionItem>
          <ActionItem icon={KeyRound} onSelect={() => onConfigure(tenant)}>
            Configure IDP & Auth
          </ActionItem>
        </>
      )}
      {canDelete && (
        <ActionItem icon={Trash2} destructive onSelect={() => onDelete(tenant)}>
          Delete
        </ActionItem>
      )}
    </ActionsMenu>
  );
}
