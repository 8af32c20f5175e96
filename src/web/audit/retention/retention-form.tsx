import type { AuditRetention } from '@contract/audit-retention';
import { useState, type FormEvent } from 'react';
import { useAuditRetention, useSaveAuditRetention } from '@/audit/api/audit-retention';
import {
  choiceOf,
  daysOf,
  RETENTION_CHOICES,
  retentionSummary,
  toChoice,
} from '@/audit/retention/retention-choice';
import { ErrorState } from '@/components/error-state';
import { notifyError, notifySuccess } from '@/components/notify';
import { SelectOptions } from '@/components/select-options';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The retention setting: loading, its error with Retry, or the form once read. */
export function RetentionForm() {
  const retention = useAuditRetention();
  if (retention.status === 'pending') {
    return (
      <p aria-busy="true" className="text-sm text-muted-foreground">
        Loading the retention...
      </p>
    );
  }
  if (retention.status === 'error') {
    return (
      <ErrorState
        error={retention.error}
        title="Could not load the retention"
        onRetry={() => void retention.refetch()}
      />
    );
  }
  // Keyed by revision: a save elsewhere (a live event) shows the new value.
  return <RetentionEditor key={retention.data.revision} retention={retention.data} />;
}

function RetentionEditor({ retention }: { retention: AuditRetention }) {
  const [choice, setChoice] = useState(choiceOf(retention.days));
  const [custom, setCustom] = useState(retention.days === null ? '' : String(retention.days));
  const [problem, setProblem] = useState<string>();
  const save = useSaveAuditRetention();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = daysOf(choice, custom);
    if ('error' in parsed) return setProblem(parsed.error);
    setProblem(undefined);
    // mutateAsync, not mutate's callbacks: the refetch after a save remounts this editor (it is keyed
    // by revision), and mutate's callbacks are dropped once the component that called it is gone.
    save.mutateAsync({ days: parsed.days, revision: retention.revision }).then(
      (saved) => notifySuccess('Retention saved', retentionSummary(saved.days)),
      (error: unknown) => notifyError(error, 'Could not save the retention'),
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Retention">
      <Field className="w-48">
        <FieldLabel htmlFor="audit-retention">Keep audit events</FieldLabel>
        <Select value={choice} onValueChange={(value) => setChoice(toChoice(value))}>
          <SelectTrigger id="audit-retention" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectOptions options={RETENTION_CHOICES} />
        </Select>
      </Field>
      {choice === 'custom' && (
        <Field className="w-40" data-invalid={problem ? true : undefined}>
          <FieldLabel htmlFor="audit-retention-days">Days</FieldLabel>
          <Input
            {...fieldControlProps('audit-retention-days', problem !== undefined)}
            inputMode="numeric"
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
          />
          {problem && <FieldError id="audit-retention-days-error">{problem}</FieldError>}
        </Field>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save retention'}
      </Button>
      <p className="w-full text-sm text-muted-foreground">{retentionSummary(retention.days)}</p>
    </form>
  );
}
