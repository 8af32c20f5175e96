import { LIVE_MESSAGES } from '@contract/events';
import { AlertNotice } from '@/components/alert-notice';
import { Button } from '@/components/ui/button';
import type { ConflictAwareSave, ConflictField } from '@/concurrency/use-conflict-aware-save';

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) {
    // Rows of a table (SSO group rules) read as JSON rather than "[object Object]".
    const items = value.map((item: unknown) =>
      typeof item === 'object' ? JSON.stringify(item) : String(item),
    );
    return items.length ? items.join(', ') : '(none)';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

function FieldLine({ field }: { field: ConflictField }) {
  return (
    <li>
      <span className="font-medium">{field.label}</span>: yours <q>{shown(field.yours)}</q>, theirs{' '}
      <q>{shown(field.theirs)}</q>
      {field.clash && <span className="text-destructive"> (both changed)</span>}
    </li>
  );
}

type ConflictAlertProps = {
  save: ConflictAwareSave;
  /** Submits the form again; Overwrite calls it once the form moved to the current revision. */
  onOverwrite: () => void;
};

/** Someone else saved the resource while the form is open, as the live stream told: before any 412. */
function ChangedUnderneath({ who, onReview }: { who: string; onReview: () => void }) {
  return (
    <AlertNotice
      testId="changed-underneath"
      tone="warning"
      layout="inline"
      title={LIVE_MESSAGES.changedUnderneath(who)}
      actions={
        <Button type="button" variant="outline" size="sm" onClick={onReview}>
          Review their version
        </Button>
      }
    >
      <p className="text-muted-foreground">Your edits stay in the form.</p>
    </AlertNotice>
  );
}

/**
 * Shown inside an edit form when its save lost to someone else's (412), or when their save is reviewed
 * after the live notice: what they changed, yours vs theirs, and the two ways on. The form keeps what
 * the admin typed either way.
 */
export function ConflictAlert({ save, onOverwrite }: ConflictAlertProps) {
  const { conflict, changedBy } = save;
  if (!conflict)
    return changedBy === null ? null : <ChangedUnderneath who={changedBy} onReview={save.review} />;
  return (
    <AlertNotice
      testId="conflict-alert"
      tone="destructive"
      title={`Someone else changed this ${conflict.what} while you were editing.`}
      actions={
        <>
          <Button type="button" variant="outline" size="sm" onClick={save.reload}>
            Reload their version
          </Button>
          <Button type="button" variant="destructive" size="sm" onClick={() => save.overwrite(onOverwrite)}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      {conflict.fields.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-4">
          {conflict.fields.map((field) => (
            <FieldLine key={field.field} field={field} />
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">Their changes are outside this form.</p>
      )}
      <p className="text-muted-foreground">
        Reload their version to keep your edits where they don&apos;t clash, or overwrite theirs with yours.
      </p>
    </AlertNotice>
  );
}
