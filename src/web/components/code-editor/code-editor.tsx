import { lazy, Suspense, useMemo, useState, type Ref } from 'react';
import type { FieldIssue } from '@contract/errors';
import type { EditorLanguage } from '@/components/code-editor/editor-setup';
import type { CodeEditorHandle, EditorDiagnostic } from '@/components/code-editor/types';
import { cn } from '@/lib/utils';

// CodeMirror is a chunk of its own, fetched the first time an editor is shown: never in the initial JS.
const CodeEditorView = lazy(() => import('@/components/code-editor/code-editor-view'));

export type CodeEditorProps = {
  /** Id of the editable element; its live problems are `${id}-problems`. */
  id: string;
  /** Id of the field's visible label (the editor is named by it). */
  'aria-labelledby': string;
  /** Ids of more descriptions (a hint, the form's own error). */
  'aria-describedby'?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<CodeEditorHandle>;
  language?: EditorLanguage;
  /** JSON Schema text: property names are completed from it. */
  schema?: string | null;
  /**
   * Checks valid JSON against the schema (on the server, which words the problems); problems are shown
   * as you type. Issue paths start with `checkRoot` ("configuration" by default).
   */
  check?: (text: string) => Promise<FieldIssue[]>;
  checkRoot?: string;
  /** The form (or server) reports this field invalid. */
  invalid?: boolean;
  /** Empty text is valid (default, forms read it as {}); false makes it a problem. */
  allowEmpty?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /**
   * Problems found outside the editor (the server's check on save), underlined in the text at their
   * line and column with the message on hover; they move with the text as it is edited.
   */
  diagnostics?: readonly EditorDiagnostic[];
  /** Visible lines before it grows; the loading placeholder keeps the same height. */
  minLines?: number;
  className?: string;
};

/** Styled as the app's Textarea, so the editor and its loading placeholder look the same. */
const FRAME =
  'w-full overflow-hidden rounded-md border border-input bg-transparent font-mono text-xs shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 data-[invalid=true]:border-destructive data-[invalid=true]:ring-destructive/20 dark:bg-input/30 dark:data-[invalid=true]:ring-destructive/40';

/**
 * A code editor for JSON (and Rego) fields: highlighting, line numbers, errors as you type in plain
 * words under the field and, with a schema, property-name completion. Tab moves on to the next field.
 */
export function CodeEditor({
  id,
  'aria-labelledby': labelledBy,
  'aria-describedby': describedBy,
  invalid = false,
  minLines = 6,
  language = 'json',
  className,
  ref,
  ...rest
}: CodeEditorProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const problemsId = `${id}-problems`;
  const showInvalid = invalid || problems.length > 0;
  const contentAttributes = useMemo(() => {
    const describedByIds = [problems.length > 0 ? problemsId : '', describedBy ?? '']
      .filter(Boolean)
      .join(' ');
    return {
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelledBy,
      'aria-invalid': String(showInvalid),
      ...(rest.placeholder ? { 'aria-placeholder': rest.placeholder } : {}),
      ...(describedByIds ? { 'aria-describedby': describedByIds } : {}),
    };
  }, [id, labelledBy, describedBy, problems.length, problemsId, showInvalid, rest.placeholder]);

  return (
    <div className={cn('space-y-1.5', className)}>
      <div
        className={FRAME}
        data-invalid={showInvalid}
        data-slot="code-editor"
        style={{ minHeight: `${minLines + 1}rem` }}
      >
        <Suspense fallback={<LoadingEditor value={rest.value} />}>
          <CodeEditorView
            id={id}
            language={language}
            contentAttributes={contentAttributes}
            onProblems={setProblems}
            handle={ref ?? null}
            {...rest}
          />
        </Suspense>
      </div>
      <EditorProblems id={problemsId} problems={problems} />
    </div>
  );
}

/** The editor's problems under it, in plain words. */
function EditorProblems({ id, problems }: { id: string; problems: string[] }) {
  // Polite: problems change as people type, they should not interrupt.
  return (
    <div id={id} aria-live="polite" className="text-sm text-destructive" data-testid={id}>
      {problems.length === 1 && <p>{problems[0]}</p>}
      {problems.length > 1 && (
        <ul className="ml-4 list-disc space-y-0.5">
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The value as text, laid out as the editor lays it out, while the editor's code loads. */
function LoadingEditor({ value }: { value: string }) {
  // Not named by the label: only the real editor is the field (tests and assistive tech find one).
  return (
    <pre
      aria-busy="true"
      data-testid="code-editor-loading"
      className="min-h-[inherit] overflow-hidden py-2 pr-3 pl-[calc(2ch+1.5rem)] leading-4 whitespace-pre-wrap text-muted-foreground"
    >
      {value}
    </pre>
  );
}
