import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import type { FileReleaseBody } from '@/releases/api/release-draft-writes';
import { ReleaseScheduleFields, type ScheduleChoice } from '@/releases/components/release-schedule-fields';
import { DialogCancelButton } from '@/components/dialog-cancel-button';
import type { DialogOpenProps } from '@/components/dialog-open';

type FileReleaseDialogProps = DialogOpenProps & {
  count: number;
  pending: boolean;
  error: unknown;
  /** Files it; the page saves unsaved edits first. */
  onFile: (body: FileReleaseBody) => void;
};

/** The server's issue about the schedule, if it named one. */
const scheduleIssue = (error: unknown): string | undefined =>
  error instanceof ApiError
    ? error.body?.issues?.find((issue) => issue.path.startsWith('body.schedule'))?.message
    : undefined;

/** "File release": the set becomes one change request, with an optional schedule. */
export function FileReleaseDialog({ open, onOpenChange, count, pending, ...props }: FileReleaseDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="File release"
      description={`Its ${count === 1 ? 'change becomes' : `${count} changes become`} one change request: reviewed once, applied together in this order, or not at all.`}
    >
      <FileReleaseForm pending={pending} {...props} />
    </FormDialog>
  );
}

function FileReleaseForm({
  pending,
  error,
  onFile,
}: Pick<FileReleaseDialogProps, 'pending' | 'error' | 'onFile'>) {
  const [choice, setChoice] = useState<ScheduleChoice>({ schedule: null, valid: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice.valid) return;
    onFile(choice.schedule ? { schedule: choice.schedule } : {});
  };
  return (
    <form onSubmit={submit} aria-label="File release" className="grid gap-4">
      <ReleaseScheduleFields disabled={pending} error={scheduleIssue(error)} onChange={setChoice} />
      <DialogFooter>
        <DialogCancelButton disabled={pending} />
        <Button type="submit" disabled={pending || !choice.valid}>
          {pending ? 'Filing...' : 'File release'}
        </Button>
      </DialogFooter>
    </form>
  );
}
