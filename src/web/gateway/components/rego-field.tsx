import type { RegoProblem } from '@contract/gateway';
import { Controller, type Control } from 'react-hook-form';
import { CodeEditor } from '@/components/code-editor';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import type { PolicyFormValues } from '@/gateway/lib/policy-form';

type RegoFieldProps = {
  id: string;
  label: string;
  control: Control<PolicyFormValues>;
  /** The client-side error of the field (e.g. empty). */
  error: { message?: string } | undefined;
  /** Problems the server found on save, with their lines and columns. */
  problems: readonly RegoProblem[];
};

/**
 * The Rego source editor: the lazily loaded code editor with Rego highlighting; the problems the
 * server's check found on save are underlined in the text and listed with their positions beside it.
 */
export function RegoField({ id, label, control, error, problems }: RegoFieldProps) {
  const invalid = !!error || problems.length > 0;
  const problemsId = `${id}-server-problems`;
  const describedBy = [`${id}-hint`, error && `${id}-error`, problems.length > 0 && problemsId]
    .filter(Boolean)
    .join(' ');
  return (
    <Field data-invalid={invalid || undefined}>
      <FieldLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </FieldLabel>
      <Controller
        control={control}
        name="policyContent"
        render={({ field }) => (
          <CodeEditor
            id={id}
            language="rego"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy}
            invalid={invalid}
            minLines={12}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            diagnostics={problems}
          />
        )}
      />
      <FieldDescription id={`${id}-hint`}>
        Rego v1 source; on save the server checks it as OPA would load it and marks each problem in the text.
      </FieldDescription>
      {problems.length > 0 && (
        <ul id={problemsId} className="space-y-1 text-sm text-destructive" aria-label="Rego problems">
          {problems.map((problem, index) => (
            <li key={index}>
              <span className="font-mono font-medium">
                Line {problem.line}, column {problem.column}
              </span>
              : {problem.message}
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
