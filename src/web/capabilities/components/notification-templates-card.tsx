import type { NotificationTemplate } from '@contract/notification-templates';
import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTemplates } from '@/capabilities/api/get-templates';
import { TemplateFormDialog } from '@/capabilities/components/template-form-dialog';
import { TemplateListItem } from '@/capabilities/components/template-list-item';
import { useTemplateDelete } from '@/capabilities/components/use-template-delete';
import { useIsAdmin } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The template dialog; the template stays while it closes, so its title does not flip. */
type DialogState = { open: boolean; template?: NotificationTemplate };

type TemplateListProps = {
  capabilityId: string;
  canManage: boolean;
  onEdit: (template: NotificationTemplate) => void;
};

/** The capability's templates, with their loading, error and empty states. */
function TemplateList({ capabilityId, canManage, onEdit }: TemplateListProps) {
  const templates = useTemplates(capabilityId);
  const { onDelete, isDeleting } = useTemplateDelete();
  return (
    <ListState
      status={templates.status}
      error={templates.error}
      onRetry={() => void templates.refetch()}
      errorTitle="Could not load templates"
      isEmpty={(templates.data ?? []).length === 0}
      loading={<p className="py-4 text-center text-sm text-muted-foreground">Loading templates...</p>}
      empty={
        <EmptyState icon={Mail} title={'No templates configured yet. Click "Add Template" to create one.'} />
      }
    >
      <ul className="space-y-3">
        {(templates.data ?? []).map((template) => (
          <TemplateListItem
            key={template.id}
            template={template}
            canManage={canManage}
            deleting={isDeleting(template)}
            onEdit={() => onEdit(template)}
            onDelete={() => onDelete(template)}
          />
        ))}
      </ul>
    </ListState>
  );
}

/** Notification Templates of a capability that supports them (docs/product.md, Capability configuration). */
export function NotificationTemplatesCard({ capabilityId }: { capabilityId: string }) {
  const canManage = useIsAdmin();
  const [dialog, setDialog] = useState<DialogState>({ open: false });

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
        <TemplateList
          capabilityId={capabilityId}
          canManage={canManage}
          onEdit={(template) => setDialog({ open: true, template })}
        />
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
