import { useId, type ChangeEvent } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export type DocumentDraft = { document: string; prune: boolean };

type PlanDocumentFieldsProps = {
  draft: DocumentDraft;
  onChange: (draft: DocumentDraft) => void;
  /** The server's refusal of the document, a line per field ("spec.routes[0].path: Required"). */
  issues: string[];
  /** A file that could not be read. */
  onReadError: (error: unknown) => void;
};

/** Pick a YAML or JSON file (its text fills the box) or paste one; Prune; the server's issues below the box. */
export function PlanDocumentFields({ draft, onChange, issues, onReadError }: PlanDocumentFieldsProps) {
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    file.text().then((document) => onChange({ ...draft, document }), onReadError);
  };
  const invalid = issues.length > 0;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>Document file</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".yaml,.yml,.json,application/json,application/yaml"
          onChange={pick}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>Document</Label>
        <Textarea
          id={`${id}-text`}
          value={draft.document}
          onChange={(event) => onChange({ ...draft, document: event.target.value })}
          className="max-h-[40vh] min-h-48 font-mono text-xs"
          spellCheck={false}
          placeholder="apiVersion: resource-manager/v1"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-issues` : `${id}-hint`}
        />
        {invalid ? (
          <ul id={`${id}-issues`} className="space-y-1 text-sm text-destructive" data-testid="plan-issues">
            {issues.map((line) => (
              <li key={line} className="font-mono text-xs break-words">
                {line}
              </li>
            ))}
          </ul>
        ) : (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            YAML or JSON, as Export writes it.
          </p>
        )}
      </div>
      <PruneField
        id={`${id}-prune`}
        checked={draft.prune}
        onChange={(prune) => onChange({ ...draft, prune })}
      />
    </div>
  );
}

type PruneFieldProps = { id: string; checked: boolean; onChange: (checked: boolean) => void };

/** Prune: deletions of what the file leaves out join the plan, listed apart. */
function PruneField({ id, checked, onChange }: PruneFieldProps) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>Prune</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Also delete what the file leaves out (listed apart in the plan).
        </p>
      </div>
    </div>
  );
}
