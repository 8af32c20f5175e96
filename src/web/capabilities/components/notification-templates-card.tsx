import type { NotificationTemplate } from '@contract/notification-templates';
import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { useDeleteTemplate } from '@/capabilities/api/delete-template';
import { useTemplates } from '@/capabilities/api/get-templates';
import { useRestoreTemplate } from '@/capabilities/api/restore-template';
import { TemplateFormDialog } from '@/capabilities/components/template-form-dialog';
import { TemplateListItem } from '@/capabilities/components/template-list-item';
import { notifyDeleteError } from '@/components/conflict-toasts';
import { notifySuccessWithUndo } from '@/components/notify-undo';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export const DELETE_TEMPLATE_CONFIRMATION = 'Are you sure you want to delete this template?';

/** The template dialog; the template stays while it closes, so its title does not flip. */
type DialogState = { open: boolean; template?: NotificationTemplate };

/** Notification Templates of a capability that supports them (docs/product.md, Capability configuration). */
export function NotificationTemplatesCard({ capabilityId }: { capabilityId: string }) {
  const canManage = useIsAdmin();
  const templates = useTemplates(capabilityId);
  const remove = useDeleteTemplate();
  const restore = useRestoreTemplate();
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  const onDelete = (template: NotificationTemplate) => {
    if (!window.confirm(DELETE_TEMPLATE_CONFIRMATION)) return;
    remove.mutate(template, {
      onSuccess: () =>
        notifySuccessWithUndo({
          title: 'Template Deleted',
          description: `${template.name} has been deleted.`,
          // The server puts back the same template (id, fields, author) as its delete recorded it.
          undo: () => restore.mutateAsync(template.id),
          undone: { title: 'Template restored', description: `${template.name} is back.` },
          undoFailed: 'Failed to restore template.',
        }),
      onError: (error) => notifyDeleteError(error, 'template', 'Failed to delete template.'),
    });
  };

  return (
    <Card data-testid="notification-templates-card">
      <CardHeader>
        <CardTitle>Notification Templates</CardTitle>
        <CardDescription>Localised email, SMS and in-app messages this capability sends.</CardDescription>
        {canManage && (
          <CardAction>
            <Button size="sm" onClick={() => setDialog({ open: true })}>
              <Plus aria-hidden="true" />
              Add Template
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <ListState
          status={templates.status}
          error={templates.error}
          onRetry={() => void templates.refetch()}
          errorTitle="Could not load templates"
          isEmpty={(templates.data ?? []).length === 0}
          loading={<p className="py-4 text-center text-sm text-muted-foreground">Loading templates...</p>}
          empty={
            <EmptyState
              icon={Mail}
              title={'No templates configured yet. Click "Add Template" to create one.'}
            />
          }
        >
          <ul className="space-y-3">
            {(templates.data ?? []).map((template) => (
              <TemplateListItem
                key={template.id}
                template={template}
                canManage={canManage}
                deleting={remove.isPending && remove.variables?.id === template.id}
                onEdit={() => setDialog({ open: true, template })}
                onDelete={() => onDelete(template)}
              />
            ))}
          </ul>
        </ListState>
      </CardContent>
      {canManage && (
        <TemplateFormDialog
          open={dialog.open}
          onOpenChange={(open) => !open && setDialog((current) => ({ ...current, open: false }))}
          capabilityId={capabilityId}
          template={dialog.template}
        />
      )}
    </Card>
  );
}
