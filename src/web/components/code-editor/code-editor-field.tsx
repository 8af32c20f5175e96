import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeEditor, type CodeEditorProps } from '@/components/code-editor/code-editor';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';

type CodeEditorFieldProps<T extends FieldValues> = {
  // The form's transformed-values type varies per form; only the field values matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: FieldPath<T>;
  id: string;
  label: string;
  description?: string;
  /** The form's own error for this field (zod or server), shown under the live problems. */
  error?: { message?: string };
  className?: string;
} & Pick<CodeEditorProps, 'placeholder' | 'minLines' | 'schema' | 'check' | 'checkRoot' | 'language'>;

/**
 * A labelled code editor bound to a react-hook-form field (as a Controller): label, editor, hint and
 * the form's error, with the editor named by the label and described by the hint and the error.
 */
export function CodeEditorField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
  error,
  className,
  ...editor
}: CodeEditorFieldProps<T>) {
  const invalid = !!error?.message;
  const describedBy = [description ? `${id}-hint` : '', invalid ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Field className={className} data-invalid={invalid || undefined}>
      <FieldLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </FieldLabel>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <CodeEditor
            id={id}
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy || undefined}
            invalid={invalid}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            {...editor}
          />
        )}
      />
      {description && <FieldDescription id={`${id}-hint`}>{description}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
