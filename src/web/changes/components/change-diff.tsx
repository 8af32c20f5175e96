import type { DiffEntry } from '@contract/changes';
import { useMemo } from 'react';
import { diffText } from '@/changes/lib/format';
import { CodeBlock } from '@/components/code-block';
import { diffLines, withContext } from '@/lib/line-diff';
import { cn } from '@/lib/utils';

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
  const before = diffText(entry.before);
  const after = diffText(entry.after);
  const rows = useMemo(() => withContext(diffLines(before, after)), [before, after]);
  const changed = rows.some((row) => row.kind === 'added' || row.kind === 'removed');
  return (
    <figure className="space-y-2" data-testid="change-diff-entry">
      <figcaption className="text-sm font-medium">{entry.label}</figcaption>
      {!changed ? (
        <p className="text-sm text-muted-foreground">No difference from the current state.</p>
      ) : (
        <CodeBlock label={`Changes: ${entry.label}`} className="max-h-96">
          {rows.map((row, index) =>
            row.kind === 'gap' ? (
              <div key={index} data-diff="gap" className="text-muted-foreground italic">
                {`  … ${row.count} unchanged ${row.count === 1 ? 'line' : 'lines'}`}
              </div>
            ) : (
              <div
                key={index}
                data-diff={row.kind}
                className={cn(
                  row.kind === 'added' && 'text-green-700 dark:text-green-400',
                  row.kind === 'removed' && 'text-red-700 dark:text-red-400',
                )}
              >
                {row.kind === 'added' ? '+ ' : row.kind === 'removed' ? '- ' : '  '}
                {row.text}
              </div>
            ),
          )}
        </CodeBlock>
      )}
    </figure>
  );
}
