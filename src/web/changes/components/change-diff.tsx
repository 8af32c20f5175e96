import type { DiffEntry } from '@contract/changes';
import { diffText } from '@/changes/lib/format';
import { LineDiffBlock } from '@/components/line-diff-block';

/**
 * What a request changes: per entry its label and a line diff of the before and after JSON, the same
 * view as the configuration history's (changed lines with three lines of context, longer runs folded).
 */
export function ChangeDiff({ entries }: { entries: DiffEntry[] }) {
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">This change has no diff to show.</p>;
  return (
    <div className="space-y-4">
      {entries.map((entry, index) => (
        <DiffEntryView key={`${index}-${entry.label}`} entry={entry} />
      ))}
    </div>
  );
}

function DiffEntryView({ entry }: { entry: DiffEntry }) {
  return (
    <figure className="space-y-2" data-testid="change-diff-entry">
      <figcaption className="text-sm font-medium">{entry.label}</figcaption>
      <LineDiffBlock
        before={diffText(entry.before)}
        after={diffText(entry.after)}
        label={`Changes: ${entry.label}`}
        className="max-h-96"
        unchanged={<p className="text-sm text-muted-foreground">No difference from the current state.</p>}
      />
    </figure>
  );
}
