import type { Tenant } from '@contract/tenants';
import { KeyRound, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useCanOnTenant } from '@/auth';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

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
    // Not modal: a modal menu handing focus to a dialog can leave the page unclickable (radix-ui#1241).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${tenant.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canConfigure && (
          <>
            <DropdownMenuItem onSelect={() => onEdit(tenant)}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onConfigure(tenant)}>
              <KeyRound aria-hidden="true" />
              Configure IDP & Auth
            </DropdownMenuItem>
          </>
        )}
        {canDelete && (
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(tenant)}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
