import type { FormEvent, ReactNode } from 'react';
import { ConflictAlert } from '@/concurrency/conflict-alert';
import { DialogForm } from '@/components/dialog-form';
import type { ConflictAwareSave } from '@/concurrency/use-conflict-aware-save';

type SaveDialogFormProps = {
  /** Editing an existing resource: the form is "Edit <noun>" and its submit Save Changes. */
  editing: boolean;
  /** "tenant": the form's accessible name is "Edit tenant" or "<create.verb> tenant". */
  noun: string;
  /** How a new one is made, e.g. { verb: 'Create', submit: 'Create Tenant', pending: 'Creating...' }. */
  create: { verb: string; submit: string; pending: string };
  pending: boolean;
  /** The edit's conflict (412), shown above the fields; overwriting submits again. */
  conflict: ConflictAwareSave;
  onSubmit: (event?: FormEvent) => Promise<void> | void;
  className?: string;
  children: ReactNode;
};

/** The create-or-edit form of a resource's dialog: its conflict alert, its fields, Cancel and the submit. */
export function SaveDialogForm({
  editing,
  noun,
  create,
  pending,
  conflict,
  onSubmit,
  className,
  children,
}: SaveDialogFormProps) {
  return (
    <DialogForm
      label={editing ? `Edit ${noun}` : `${create.verb} ${noun}`}
      pending={pending}
      submitLabel={editing ? 'Save Changes' : create.submit}
      pendingLabel={editing ? 'Saving...' : create.pending}
      onSubmit={onSubmit}
      className={className}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      {children}
    </DialogForm>
  );
}
