import { useId } from 'react';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ReleaseEdits } from '@/releases/lib/release-edits';

/** The release's name and description: the request's title and description once filed. */
export function ReleaseNameFields({
  edits,
  disabled,
  onEdit,
}: {
  edits: ReleaseEdits;
  disabled: boolean;
  onEdit: (patch: Partial<ReleaseEdits>) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-name`} className="grid max-w-2xl gap-4">
      <h2 id={`${id}-name`} className="sr-only">
        Name
      </h2>
      <Field>
        <FieldLabel htmlFor={`${id}-title`}>Release name</FieldLabel>
        <Input
          id={`${id}-title`}
          value={edits.title}
          maxLength={200}
          placeholder="e.g. Payments v2 to production"
          disabled={disabled}
          onChange={(event) => onEdit({ title: event.target.value })}
        />
      </Field>
      <Field>
        <FieldLabel htmlFor={`${id}-description`}>Description (optional)</FieldLabel>
        <Textarea
          id={`${id}-description`}
          value={edits.description}
          maxLength={4000}
          rows={2}
          placeholder="Why these changes, for the reviewers"
          disabled={disabled}
          onChange={(event) => onEdit({ description: event.target.value })}
        />
      </Field>
    </section>
  );
}
