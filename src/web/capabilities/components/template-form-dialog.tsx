import { parseVariables, type NotificationTemplate } from '@contract/notification-templates';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ConflictAlert, useResourceForm } from '@/concurrency';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { useCreateTemplate } from '@/capabilities/api/create-template';
import { useUpdateTemplate } from '@/capabilities/api/update-template';
import { TemplateFormFields } from '@/capabilities/components/template-form-fields';
import { TemplatePreview } from '@/capabilities/components/template-preview';
import { notifySuccess } from '@/components/notify';
import { templateLive } from '@/capabilities/api/get-templates';
import {
  formTemplateProblems,
  templateFieldOf,
  templateFormDefaults,
  templateFormSchema,
  toTemplateBody,
  type TemplateFormInput,
  type TemplateFormValues,
} from '@/capabilities/lib/template-form';
import type { DialogOpenProps } from '@/components/dialog-open';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';

type TemplateFormDialogProps = DialogOpenProps & {
  capabilityId: string;
  /** Edit this template; without it, create one. */
  template?: NotificationTemplate;
};

export function TemplateFormDialog({ open, onOpenChange, capabilityId, template }: TemplateFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-3xl"
      title={template ? 'Edit Notification Template' : 'Create Notification Template'}
      description={
        <>
          Write {'{{variable}}'} placeholders and declare each variable below.{' '}
          {template && <ManagedInGitBadge tenantId={null} />}
        </>
      }
    >
      <TemplateForm capabilityId={capabilityId} template={template} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** The watched values and the template problems to show now. */
function useTemplateProblems(form: UseFormReturn<TemplateFormInput, unknown, TemplateFormValues>) {
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
  return { name, deliveryChannel, subject, content, variablesText, problemsAt };
}

type TemplateFormProps = { capabilityId: string; template?: NotificationTemplate; onDone: () => void };

/** The form, and its submit: create the template, or update it with the revision it was loaded at. */
function useTemplateForm({ capabilityId, template, onDone }: TemplateFormProps) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const { form, conflict, outcome } = useResourceForm({
    schema: templateFormSchema,
    defaults: templateFormDefaults,
    resource: template,
    what: 'notification template',
    toField: templateFieldOf,
    mode: 'onTouched',
    onDone,
    live: templateLive,
  });

  const onSubmit = form.handleSubmit((values) => {
    if (formTemplateProblems(values).length > 0) return;
    const body = toTemplateBody(values);
    if (template) {
      update.mutate(
        { id: template.id, patch: body, ifMatch: conflict.revision() },
        outcome(
          (saved) => notifySuccess('Template Updated', `${saved.name} has been saved.`),
          'Failed to update template.',
        ),
      );
    } else {
      create.mutate(
        { ...body, capabilityId },
        outcome(
          (saved) => notifySuccess('Template Created', `${saved.name} has been created.`),
          'Failed to create template.',
        ),
      );
    }
  });
  return { form, conflict, onSubmit, pending: create.isPending || update.isPending };
}

function TemplateForm(props: TemplateFormProps) {
  const { template } = props;
  const { form, conflict, onSubmit, pending } = useTemplateForm(props);
  const { name, deliveryChannel, subject, content, variablesText, problemsAt } = useTemplateProblems(form);

  return (
    <DialogForm
      label="Notification template"
      pending={pending}
      submitLabel={template ? 'Save Changes' : 'Create Template'}
      pendingLabel="Saving..."
      submitDisabled={!name.trim() || !content.trim()}
      onSubmit={onSubmit}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      {template && <ManagedInGitNotice tenantId={null} what="notification template" />}
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
    </DialogForm>
  );
}
