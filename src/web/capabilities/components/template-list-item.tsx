import type { NotificationTemplate } from '@contract/notification-templates';
import { Pencil, Trash2 } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

type TemplateListItemProps = {
  template: NotificationTemplate;
  canManage: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** Name, language, channel and status badges, subject, content, {{variables}}, edit and delete. */
export function TemplateListItem({ template, canManage, deleting, onEdit, onDelete }: TemplateListItemProps) {
  return (
    <li className="space-y-2 rounded-lg border p-4" data-testid="template-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{template.name}</span>
          <Badge variant="outline" className="uppercase" data-testid="template-language">
            {template.language}
          </Badge>
          <Badge variant="secondary" data-testid="template-channel">
            {template.deliveryChannel}
          </Badge>
          <StatusBadge status={template.status} />
        </div>
        {canManage && (
          <div className="flex gap-1">
            <Button variant="ghost" size="icon" aria-label={`Edit ${template.name}`} onClick={onEdit}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${template.name}`}
              disabled={deleting}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      {template.subject && (
        <p className="text-sm">
          <span className="text-muted-foreground">Subject: </span>
          {template.subject}
        </p>
      )}
      <p className="text-sm whitespace-pre-wrap text-muted-foreground">{template.content}</p>
      {template.variables.length > 0 && (
        <div className="flex flex-wrap gap-1" aria-label="Variables">
          {template.variables.map((name) => (
            <code key={name} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
              {`{{${name}}}`}
            </code>
          ))}
        </div>
      )}
    </li>
  );
}
