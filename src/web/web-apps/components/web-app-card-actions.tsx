import type { WebApp } from '@contract/web-apps';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useCanOnTenant } from '@/auth';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type WebAppActionHandlers = {
  onEdit: (app: WebApp) => void;
  onDelete: (app: WebApp) => void;
};

/** 'Actions for <app>': Edit and Delete, for those who may manage the app's tenant's web apps. */
export function WebAppCardActions({ app, onEdit, onDelete }: { app: WebApp } & WebAppActionHandlers) {
  const canManage = useCanOnTenant(app.tenantId, 'webApps');
  if (!canManage) return null;
  return (
    // Not modal: a modal menu handing focus to a dialog can leave the page unclickable (radix-ui#1241).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${app.name}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(app)}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(app)}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
