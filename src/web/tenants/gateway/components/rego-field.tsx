import type { RegoProblem } from '@contract/gateway';
import type { ComponentProps } from 'react';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

type RegoFieldProps = {
  id: string;
  label: string;
  /** react-hook-form's register() result (name, value handlers, ref). */
  registration: Omit<ComponentProps<'textarea'>, 'id'>;
  /** The client-side error of the field (e.g. empty). */
  error: { message?: string } | undefined;
  /** Problems the server found on save, with their lines. */
  problems: readonly RegoProblem[];
};

/**
 * The Rego source editor. The one place the policy form's editor lives: a monospace textarea today,
 * to be replaced by a lazily loaded code editor behind the same props.
 */
export function RegoField({ id, label, registration, error, problems }: RegoFieldProps) {
  const invalid = !!error || problems.length > 0;
  const problemsId = `${id}-problems`;
  const describedBy = [error && `${id}-error`, problems.length > 0 && problemsId].filter(Boolean).join(' ');
  return (
    <Field data-invalid={invalid || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Textarea
        {...fieldControlProps(id, invalid)}
        aria-describedby={describedBy || undefined}
        rows={12}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className="max-h-[28rem] min-h-48 font-mono text-xs leading-5 [tab-size:2]"
        {...registration}
      />
      <FieldDescription>
        Rego source; the server checks its package line and structure on save.
      </FieldDescription>
      {problems.length > 0 && (
        <ul id={problemsId} className="space-y-1 text-sm text-destructive" aria-label="Rego problems">
          {problems.map((problem, index) => (
            <li key={index}>
              <span className="font-mono font-medium">Line {problem.line}</span>: {problem.message}
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
