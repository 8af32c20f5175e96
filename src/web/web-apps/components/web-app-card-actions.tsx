import type { WebApp } from '@contract/web-apps';
import { Pencil, Trash2 } from 'lucide-react';
import { useCanOnTenant } from '@/auth';
import { ActionItem, ActionsMenu } from '@/components/actions-menu';

export type WebAppActionHandlers = {
  onEdit: (app: WebApp) => void;
  onDelete: (app: WebApp) => void;
};

/** 'Actions for <app>': Edit and Delete, for those who may manage the app's tenant's web apps. */
export function WebAppCardActions({ app, onEdit, onDelete }: { app: WebApp } & WebAppActionHandlers) {
  const canManage = useCanOnTenant(app.tenantId, 'webApps');
  if (!canManage) return null;
  return (
    <ActionsMenu name={app.name}>
      <ActionItem icon={Pencil} onSelect={() => onEdit(app)}>
        Edit
      </ActionItem>
      <ActionItem icon={Trash2} destructive onSelect={() => onDelete(app)}>
        Delete
      </ActionItem>
    </ActionsMenu>
  );
}
