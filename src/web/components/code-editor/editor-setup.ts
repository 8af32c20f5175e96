import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  insertCompletionText,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { linter, type Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { FieldIssue } from '@contract/errors';
import {
  jsonParser,
  jsonSyntaxProblem,
  nodeAtPath,
  objectAtCursor,
  pathFromIssue,
} from '@/components/code-editor/json-document';
import { rego } from '@/components/code-editor/rego-language';
import { parseSchema, schemaPropertiesAt } from '@/components/code-editor/schema-properties';

/**
 * The editor's look from the app's theme tokens (so light and dark follow the <html> class) and
 * syntax colours chosen for at least 4.5:1 contrast on the card and dialog backgrounds of each theme.
 */
export const editorTheme = EditorView.theme({
  '&': {
    '--code-key': 'oklch(0.45 0.13 250)',
    '--code-string': 'oklch(0.45 0.12 150)',
    '--code-number': 'oklch(0.47 0.15 40)',
    '--code-keyword': 'oklch(0.45 0.2 310)',
    '--code-atom': 'oklch(0.47 0.15 40)',
    color: 'var(--foreground)',
    backgroundColor: 'transparent',
    fontSize: '0.75rem',
    minHeight: 'inherit',
  },
  '.dark &': {
    '--code-key': 'oklch(0.8 0.1 250)',
    '--code-string': 'oklch(0.82 0.13 150)',
    '--code-number': 'oklch(0.82 0.11 60)',
    '--code-keyword': 'oklch(0.8 0.13 310)',
    '--code-atom': 'oklch(0.82 0.11 60)',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono, ui-monospace, SFMono-Regular, Menlo, monospace)',
    lineHeight: '1rem',
    minHeight: 'inherit',
  },
  '.cm-content': { padding: '0.5rem 0', caretColor: 'var(--foreground)' },
  '.cm-line': { padding: '0 0.75rem 0 0.5rem' },
  '.cm-gutters': {
    backgroundColor: 'transparent',
    color: 'var(--muted-foreground)',
    border: 'none',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'transparent' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--foreground)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in oklch, var(--ring) 35%, transparent)',
  },
  '.cm-placeholder': { color: 'var(--muted-foreground)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 'calc(var(--radius) - 2px)',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--accent)',
    color: 'var(--accent-foreground)',
  },
  '.cm-completionDetail': { color: 'var(--muted-foreground)', marginLeft: '0.5rem', fontStyle: 'normal' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--destructive)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--destructive)',
    textUnderlineOffset: '3px',
  },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--code-key)' },
  { tag: tags.string, color: 'var(--code-string)' },
  { tag: tags.number, color: 'var(--code-number)' },
  { tag: [tags.bool, tags.null, tags.atom], color: 'var(--code-atom)' },
  { tag: tags.keyword, color: 'var(--code-keyword)', fontWeight: '600' },
  { tag: tags.comment, color: 'var(--muted-foreground)', fontStyle: 'italic' },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: 'var(--muted-foreground)' },
]);

export type EditorLanguage = 'json' | 'rego';

export type LintOptions = {
  /** Empty text is fine (forms read it as {}); false: it is a syntax problem. */
  allowEmpty: boolean;
  /** Checks the text against a schema on the server; its issue paths start with `checkRoot`. */
  check?: (text: string) => Promise<FieldIssue[]>;
  checkRoot: string;
  /** The messages now shown, whenever they change. */
  onProblems: (messages: string[]) => void;
};

/** Syntax first (here, as you type); only valid JSON goes to the schema check. */
function jsonLinter({ allowEmpty, check, checkRoot, onProblems }: LintOptions): Extension {
  return linter(
    async (view) => {
      const text = view.state.doc.toString();
      const syntax = jsonSyntaxProblem(text, { allowEmpty });
      let diagnostics: Diagnostic[] = syntax ? [{ ...syntax, severity: 'error' }] : [];
      if (!syntax && check) {
        let issues: FieldIssue[] = [];
        try {
          issues = await check(text);
        } catch {
          // The check is a convenience: when it fails (offline, signed out), saving still reports.
        }
        const tree = jsonParser.parse(text);
        diagnostics = issues.map((issue) => {
          const node = nodeAtPath(tree, text, pathFromIssue(issue.path, checkRoot));
          return {
            from: node?.from ?? 0,
            to: node?.to ?? Math.min(1, text.length),
            severity: 'error',
            message: issue.message,
          };
        });
      }
      // A result for text that has changed since is dropped by the linter: do not show its words.
      if (view.state.doc.toString() === text) onProblems(diagnostics.map((d) => d.message));
      return diagnostics;
    },
    { delay: 300 },
  );
}

/** Completes property names from the JSON Schema, where the cursor is in an object's key position. */
export function schemaCompletion(
  schemaText: string,
): (context: CompletionContext) => CompletionResult | null {
  const schema = parseSchema(schemaText);
  return (context) => {
    if (!schema) return null;
    const text = context.state.doc.toString();
    const word = context.matchBefore(/"?[\w$@.-]*/);
    const at = objectAtCursor(jsonParser.parse(text), text, context.pos);
    // Offered while a name is being typed, or on request (Ctrl+Space) anywhere a name can go.
    if (!at || !word || (word.from === word.to && !context.explicit)) return null;
    const options: Completion[] = schemaPropertiesAt(schema, at.path)
      .filter(
        (property) => !at.existing.includes(property.name) || word.text.replace(/^"/, '') === property.name,
      )
      .map((property) => ({
        label: property.name,
        type: 'property',
        detail: [property.type, property.required ? 'required' : ''].filter(Boolean).join(', '),
        info: property.description,
        apply: (view, _completion, from, to) => {
          // Replace the name with its quotes: the opening one typed, the closing one closeBrackets added.
          const start = view.state.sliceDoc(from - 1, from) === '"' ? from - 1 : from;
          const end = view.state.sliceDoc(to, to + 1) === '"' ? to + 1 : to;
          view.dispatch(insertCompletionText(view.state, `"${property.name}": `, start, end));
        },
      }));
    // Options are matched against the text after the opening quote.
    const from = word.text.startsWith('"') ? word.from + 1 : word.from;
    return options.length > 0 ? { from, options, validFor: /^[\w$@.-]*$/ } : null;
  };
}

export type SetupOptions = LintOptions & {
  language: EditorLanguage;
  schema?: string | null;
  placeholder?: string;
};

/** Everything but the document: keys (Tab is left to move focus), language, lint, completion, theme. */
export function editorExtensions(options: SetupOptions): Extension[] {
  const extensions: Extension[] = [
    lineNumbers(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    EditorView.lineWrapping,
    // No indentWithTab: Tab and Shift+Tab keep moving focus in and out of the editor.
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
    syntaxHighlighting(highlight),
    editorTheme,
  ];
  if (options.placeholder) extensions.push(placeholderText(options.placeholder));
  if (options.language === 'rego') {
    extensions.push(rego);
    return extensions;
  }
  extensions.push(json(), jsonLinter(options));
  extensions.push(
    autocompletion({
      override: options.schema ? [schemaCompletion(options.schema)] : [],
      icons: false,
    }),
  );
  return extensions;
}
