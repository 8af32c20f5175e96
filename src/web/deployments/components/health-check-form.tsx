import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { notifyError, notifySuccess } from '@/components/notify';
import { useSetHealthCheck } from '@/deployments/api/set-health-check';
import {
  healthCheckField,
  healthCheckFormDefaults,
  healthCheckFormSchema,
  type HealthCheckFormInput,
  type HealthCheckFormValues,
} from '@/deployments/lib/health-check-form';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotName, SlotRow } from '@/deployments/lib/slots';
import { applyServerIssues } from '@/lib/server-issues';
import type { DialogOpenProps } from '@/components/dialog-open';

export type HealthCheckTarget = { kind: ResourceKind; id: string; environment: Environment };
/** Whose health check: the resource in its environment, and the slot with its current settings. */
export type HealthCheckSubject = HealthCheckTarget & { slot: SlotName; row: SlotRow };

type HealthCheckFormDialogProps = HealthCheckSubject &
  DialogOpenProps & {
    title: string;
  };

/** Edit health check's dialog: the URL a slot is probed on, and how often. */
export function HealthCheckFormDialog({ open, onOpenChange, title, ...subject }: HealthCheckFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="The prober GETs this URL; a 2xx answer is healthy. Leave it empty to stop probing this slot."
    >
      <HealthCheckForm {...subject} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function HealthCheckForm({
  kind,
  id,
  environment,
  slot,
  row,
  onDone,
}: HealthCheckSubject & { onDone: () => void }) {
  const save = useSetHealthCheck();
  const form = useForm<HealthCheckFormInput, unknown, HealthCheckFormValues>({
    resolver: zodResolver(healthCheckFormSchema),
    defaultValues: healthCheckFormDefaults(row),
  });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { kind, id, environment, slot, ...values },
      {
        onSuccess: () => {
          notifySuccess(
            'Health check saved',
            values.healthCheckUrl
              ? `The ${slot} slot is probed at ${values.healthCheckUrl}.`
              : `The ${slot} slot is no longer probed.`,
          );
          onDone();
        },
        onError: (error) => {
          if (!applyServerIssues(error, form.setError, healthCheckField))
            notifyError(error, 'Failed to save the health check.');
        },
      },
    ),
  );
  return (
    <DialogForm
      label="Edit health check"
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
      onSubmit={onSubmit}
      className="space-y-4"
    >
      <FormTextField
        form={form}
        name="healthCheckUrl"
        id="health-check-url"
        label="Health check URL"
        placeholder="https://green.example.com/health"
      />
      <FormTextField
        form={form}
        name="healthCheckIntervalSeconds"
        id="health-check-interval"
        label="Interval (seconds)"
        description="5 to 3600; empty follows the server's default."
        type="number"
      />
    </DialogForm>
  );
}
