import { useState, type FormEvent } from 'react';
import { useExportAuditNow } from '@/audit/api/audit-exports';
import { notifyError, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A datetime-local value (the browser's time zone) as an ISO instant; undefined when empty or invalid. */
const instantOf = (local: string): string | undefined => {
  const time = new Date(local).getTime();
  return local === '' || Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

/** Export now: the events of a time range as one export, downloadable below; nothing is purged. */
export function ExportNowForm() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string>();
  const exportNow = useExportAuditNow();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = { from: instantOf(from), to: instantOf(to) };
    if (!range.from || !range.to || range.from >= range.to) {
      return setProblem('Choose a start and an end after it');
    }
    setProblem(undefined);
    exportNow.mutate(
      { from: range.from, to: range.to },
      {
        onSuccess: (made) =>
          notifySuccess('Export written', `${made.eventCount.toLocaleString()} events, ready to download.`),
        onError: (error) => notifyError(error, 'Could not export the audit events'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Export now">
      <Field className="w-56" data-invalid={problem ? true : undefined}>
        <FieldLabel htmlFor="audit-export-from">From</FieldLabel>
        <Input
          {...fieldControlProps('audit-export-from', problem !== undefined)}
          type="datetime-local"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </Field>
      <Field className="w-56" data-invalid={problem ? true : undefined}>
        <FieldLabel htmlFor="audit-export-to">To</FieldLabel>
        <Input
          {...fieldControlProps('audit-export-to', problem !== undefined)}
          type="datetime-local"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </Field>
      <Button type="submit" variant="outline" disabled={exportNow.isPending}>
        {exportNow.isPending ? 'Exporting...' : 'Export now'}
      </Button>
      {problem && (
        <FieldError id="audit-export-to-error" className="w-full">
          {problem}
        </FieldError>
      )}
    </form>
  );
}
