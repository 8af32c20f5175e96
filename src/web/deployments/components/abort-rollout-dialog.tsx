import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { abortFormSchema, type AbortForm } from '@/deployments/lib/abort-form';
import type { DialogOpenProps } from '@/components/dialog-open';

type AbortRolloutDialogProps = DialogOpenProps & {
  /** "the GREEN slot" / "the BLUE slot": where traffic returns. */
  stable: string;
  pending: boolean;
  onAbort: (reason: string) => void;
};

/** Abort: all traffic returns to the stable slot at once; the reason is recorded on the rollout. */
export function AbortRolloutDialog({
  open,
  onOpenChange,
  stable,
  pending,
  onAbort,
}: AbortRolloutDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Abort the rollout?"
      description={`All traffic returns to ${stable} at once, and the rollout ends aborted.`}
    >
      <AbortReasonForm pending={pending} onAbort={onAbort} />
    </FormDialog>
  );
}

function AbortReasonForm({ pending, onAbort }: Pick<AbortRolloutDialogProps, 'pending' | 'onAbort'>) {
  const form = useForm<AbortForm>({ resolver: zodResolver(abortFormSchema), defaultValues: { reason: '' } });
  return (
    <DialogForm
      label="Abort the rollout"
      pending={pending}
      submitLabel="Abort rollout"
      pendingLabel="Aborting..."
      destructive
      onSubmit={form.handleSubmit(({ reason }) => onAbort(reason))}
      className="space-y-4"
    >
      <FormTextField form={form} name="reason" id="abort-reason" label="Reason" rows={3} />
    </DialogForm>
  );
}
