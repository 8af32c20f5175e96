import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { asDirectError, useChangeRequestForm, type ChangeRequestForm } from '@/changes';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { notifySuccess } from '@/components/notify';
import { notifyFormFailure } from '@/components/notify-form-failure';
import { useCreateWebApp } from '@/web-apps/api/create-web-app';
import { invalidateWebApps } from '@/web-apps/api/web-app-keys';
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

type CreateForm = ReturnType<typeof useForm<CreateWebAppFormInput, unknown, CreateWebAppFormValues>>;

/**
 * Creates the app directly, or, where the tenant's policy asks approvals in the chosen environment
 * (production, by default), files it as a change request (web_app.create): a new app in an environment is
 * what that environment serves (docs/requesting-changes.md).
 */
function useWebAppCreate(form: CreateForm, done: () => void) {
  const create = useCreateWebApp();
  const queryClient = useQueryClient();
  const tenantId = useWatch({ control: form.control, name: 'tenantId' });
  const environment = useWatch({ control: form.control, name: 'environment' });
  const request = useChangeRequestForm({
    tenantId: tenantId || null,
    environment: environment ?? 'development',
    enabled: !!tenantId,
  });
  const requesting = request.mode === 'request';
  const toField = (field: string) => createWebAppFields.find((f) => f === field);
  const failed = (error: unknown) =>
    notifyFormFailure(error, form.setError, toField, 'Failed to create web app.');

  const onSubmit = form.handleSubmit((values) => {
    if (requesting) {
      if (!request.valid) return;
      request.submit(
        { kind: 'web_app.create', body: toWebAppInput(values) },
        {
          // Nothing is made until the request applies; a bypass applies now.
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateWebApps(queryClient);
            done();
          },
          onError: (error) => failed(asDirectError(error)),
        },
      );
      return;
    }
    create.mutate(toWebAppInput(values), {
      onSuccess: (app) => {
        notifySuccess('Web app created', `${app.name} is being provisioned.`);
        done();
      },
      onError: (error) => {
        // The policy changed since the dialog opened: it stays open and now requests the app.
        if (request.handleDirectError(error)) return;
        failed(error);
      },
    });
  });
  return { onSubmit, request, requesting, pending: create.isPending || request.pending };
}

/**
 * Create Web App in two steps (docs/product.md, States and transitions, and Validation): the technology,
 * then the details. Cancel or closing returns to step 1; after creation every field returns to its default.
 */
export function WebAppCreateDialog({ open, onOpenChange }: WebAppCreateDialogProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const form = useForm<CreateWebAppFormInput, unknown, CreateWebAppFormValues>({
    resolver: zodResolver(createWebAppFormSchema),
    defaultValues: CREATE_WEB_APP_DEFAULTS,
  });
  const technology = useWatch({ control: form.control, name: 'technology' });
  const name = useWatch({ control: form.control, name: 'name' });
  const { onSubmit, request, requesting, pending } = useWebAppCreate(form, () => {
    form.reset(CREATE_WEB_APP_DEFAULTS);
    setStep(1);
    onOpenChange(false);
  });

  const changeOpen = (next: boolean) => {
    if (pending) return;
    if (!next) setStep(1);
    onOpenChange(next);
  };

  const formRef = useFocusAfterSubmit(pending);
  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      title="Create Web App"
      description={step === 1 ? 'Step 1 of 2: choose a technology.' : 'Step 2 of 2: application details.'}
    >
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create web app">
        <fieldset disabled={pending} className="space-y-6">
          {step === 1 ? <WebAppTechnologyStep control={form.control} /> : <WebAppDetailsStep form={form} />}
          {step === 2 && requesting && request.fields}
          <CreateWebAppFooter
            step={step}
            canGoOn={!!technology}
            canCreate={!!name?.trim() && (!requesting || request.valid)}
            pending={pending}
            request={request}
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
  /** Where the chosen environment needs approvals, the submit requests the app. */
  request: ChangeRequestForm;
  onStep: (step: 1 | 2) => void;
};

/** Back (step 2), Cancel, then Next (step 1) or the submit (step 2). */
function CreateWebAppFooter({ step, canGoOn, canCreate, pending, request, onStep }: CreateWebAppFooterProps) {
  const requesting = request.mode === 'request';
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
          {pending
            ? requesting
              ? 'Requesting...'
              : 'Creating...'
            : requesting
              ? request.submitLabel
              : 'Create Application'}
        </Button>
      )}
    </DialogFooter>
  );
}
