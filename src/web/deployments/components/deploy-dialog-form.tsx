import type { FormEvent, ReactNode } from 'react';
import { DialogForm } from '@/components/dialog-form';

/** What the Deploy to idle slot dialog gives either kind's form. */
export type DeployFormProps<Values> = {
  /** 'Deploy' unless the deployment is to be requested. */
  submitLabel?: string;
  pending: boolean;
  onSubmit: (values: Values) => void;
};

/** Either kind's deploy form: its fields, then Cancel and Deploy ("Deploying..." while it runs). */
export function DeployDialogForm({
  pending,
  submitLabel = 'Deploy',
  onSubmit,
  className,
  children,
}: Omit<DeployFormProps<never>, 'onSubmit'> & {
  onSubmit: (event: FormEvent) => Promise<void>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogForm
      label="Deploy to idle slot"
      pending={pending}
      submitLabel={pending ? 'Deploying...' : submitLabel}
      onSubmit={onSubmit}
      className={className}
    >
      {children}
    </DialogForm>
  );
}
