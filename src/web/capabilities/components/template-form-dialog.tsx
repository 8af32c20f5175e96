import { zodResolver } from '@hookform/resolvers/zod';
import { parseVariables, type NotificationTemplate } from '@contract/notification-templates';
import { useForm, useWatch } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { useCreateTemplate } from '@/capabilities/api/create-template';
import { useUpdateTemplate } from '@/capabilities/api/update-template';
import { TemplateFormFields } from '@/capabilities/components/template-form-fields';
import { TemplatePreview } from '@/capabilities/components/template-preview';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import {
  formTemplateProblems,
  templateFieldOf,
  templateFormDefaults,
  templateFormSchema,
  toTemplateBody,
  type TemplateFormInput,
  type TemplateFormValues,
} from '@/capabilities/lib/template-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type TemplateFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  capabilityId: string;
  /** Edit this template; without it, create one. */
  template?: NotificationTemplate;
};

export function TemplateFormDialog({ open, onOpenChange, capabilityId, template }: TemplateFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {template ? 'Edit Notification Template' : 'Create Notification Template'}
          </DialogTitle>
          <DialogDescription>
            Write {'{{variable}}'} placeholders and declare each variable below.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <TemplateForm capabilityId={capabilityId} template={template} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({
  capabilityId,
  template,
  onDone,
}: {
  capabilityId: string;
  template?: NotificationTemplate;
  onDone: () => void;
}) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const pending = create.isPending || update.isPending;
  const form = useForm<TemplateFormInput, unknown, TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    mode: 'onTouched',
    defaultValues: templateFormDefaults(template),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: template,
    toFormValues: templateFormDefaults,
    what: 'notification template',
  });
  const [name, deliveryChannel, subject, content, variablesText] = useWatch({
    control: form.control,
    name: ['name', 'deliveryChannel', 'subject', 'content', 'variablesText'],
  });
  const { isSubmitted, touchedFields } = form.formState;

  // Undeclared {{variables}} show as soon as they appear; a missing email subject once asked for.
  const problems = formTemplateProblems({
    ...templateFormDefaults(),
    deliveryChannel,
    subject,
    content,
    variablesText,
  });
  const shown = problems.filter(
    (p) => p.message.startsWith('Undeclared') || isSubmitted || touchedFields.subject,
  );
  const problemsAt = (path: string) => shown.filter((p) => p.path === path);

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    applyServerIssues(error, form.setError, templateFieldOf);
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (formTemplateProblems(values).length > 0) return;
    const body = toTemplateBody(values);
    if (template) {
      update.mutate(
        { id: template.id, patch: body, ifMatch: conflict.revision() },
        {
          onSuccess: (saved) => {
            notifySuccess('Template Updated', `${saved.name} has been saved.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update template.'),
        },
      );
    } else {
      create.mutate(
        { ...body, capabilityId },
        {
          onSuccess: (saved) => {
            notifySuccess('Template Created', `${saved.name} has been created.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to create template.'),
        },
      );
    }
  });

  const formRef = useFocusAfterSubmit(pending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Notification template"
    >
      <fieldset disabled={pending} className="space-y-6">
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <TemplateFormFields
          form={form}
          showSubject={deliveryChannel === 'email'}
          subjectProblems={problemsAt('subject')}
          contentProblems={problemsAt('content')}
        />
        <TemplatePreview
          deliveryChannel={deliveryChannel}
          subject={subject}
          content={content}
          variables={parseVariables(variablesText)}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={!name.trim() || !content.trim() || pending}>
            {pending ? 'Saving...' : template ? 'Save Changes' : 'Create Template'}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
