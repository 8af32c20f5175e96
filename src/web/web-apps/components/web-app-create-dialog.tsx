import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { notifySuccess } from '@/components/notify';
import { notifyFormFailure } from '@/components/notify-form-failure';
import { useCreateWebApp } from '@/web-apps/api/create-web-app';
import { WebAppDetailsStep } from '@/web-apps/components/web-app-details-step';
import { WebAppTechnologyStep } from '@/web-apps/components/web-app-technology-step';
import {
  CREATE_WEB_APP_DEFAULTS,
  createWebAppFields,
  createWebAppFormSchema,
  toWebAppInput,
  type CreateWebAppFormInput,
  type CreateWebAppFormValues,
} from '@/web-apps/lib/web-app-form';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';
import { DialogCancelButton } from '@/components/dialog-cancel-button';

type WebAppCreateDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Create Web App in two steps (docs/product.md, States and transitions, and Validation): the technology,
 * then the details. Cancel or closing returns to step 1; after creation every field returns to its default.
 */
export function WebAppCreateDialog({ open, onOpenChange }: WebAppCreateDialogProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const create = useCreateWebApp();
  const form = useForm<CreateWebAppFormInput, unknown, CreateWebAppFormValues>({
    resolver: zodResolver(createWebAppFormSchema),
    defaultValues: CREATE_WEB_APP_DEFAULTS,
  });
  const technology = useWatch({ control: form.control, name: 'technology' });
  const name = useWatch({ control: form.control, name: 'name' });

  const changeOpen = (next: boolean) => {
    if (create.isPending) return;
    if (!next) setStep(1);
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(toWebAppInput(values), {
      onSuccess: (app) => {
        notifySuccess('Web app created', `${app.name} is being provisioned.`);
        form.reset(CREATE_WEB_APP_DEFAULTS);
        setStep(1);
        onOpenChange(false);
      },
      onError: (error) => {
        const toField = (field: string) => createWebAppFields.find((f) => f === field);
        notifyFormFailure(error, form.setError, toField, 'Failed to create web app.');
      },
    });
  });

  const formRef = useFocusAfterSubmit(create.isPending);
  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      title="Create Web App"
      description={step === 1 ? 'Step 1 of 2: choose a technology.' : 'Step 2 of 2: application details.'}
    >
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create web app">
        <fieldset disabled={create.isPending} className="space-y-6">
          {step === 1 ? <WebAppTechnologyStep control={form.control} /> : <WebAppDetailsStep form={form} />}
          <CreateWebAppFooter
            step={step}
            canGoOn={!!technology}
            canCreate={!!name?.trim()}
            pending={create.isPending}
            onStep={setStep}
          />
        </fieldset>
      </form>
    </FormDialog>
  );
}

type CreateWebAppFooterProps = {
  step: 1 | 2;
  /** A technology is chosen: Next is enabled. */
  canGoOn: boolean;
  /** The name is filled in: Create Application is enabled. */
  canCreate: boolean;
  pending: boolean;
  onStep: (step: 1 | 2) => void;
};

/** Back (step 2), Cancel, then Next (step 1) or the submit (step 2). */
function CreateWebAppFooter({ step, canGoOn, canCreate, pending, onStep }: CreateWebAppFooterProps) {
  return (
    <DialogFooter>
      {step === 2 && (
        <Button type="button" variant="outline" className="sm:mr-auto" onClick={() => onStep(1)}>
          Back
        </Button>
      )}
      <DialogCancelButton />
      {step === 1 ? (
        // Keyed apart: reusing this button as the submit one would submit the form on the Next click.
        <Button key="next" type="button" disabled={!canGoOn} onClick={() => onStep(2)}>
          Next
        </Button>
      ) : (
        <Button key="create" type="submit" disabled={!canCreate}>
          {pending ? 'Creating...' : 'Create Application'}
        </Button>
      )}
    </DialogFooter>
  );
}
