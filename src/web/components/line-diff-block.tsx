import { useMemo, type ReactNode } from 'react';
import { CodeBlock } from '@/components/code-block';
import { diffLines, withContext } from '@/lib/line-diff';
import { cn } from '@/lib/utils';

type LineDiffBlockProps = {
  before: string;
  after: string;
  /** Names the scrollable block. */
  label: string;
  className?: string;
  /** Shown instead of the block when the two texts have the same lines. */
  unchanged: ReactNode;
};

/**
 * A line diff of two texts: the changed lines ("+ " added, "- " removed) with three lines of context,
 * longer unchanged runs folded into one line. The one view of the configuration history and of a change
 * request.
 */
export function LineDiffBlock({ before, after, label, className, unchanged }: LineDiffBlockProps) {
  const rows = useMemo(() => withContext(diffLines(before, after)), [before, after]);
  if (!rows.some((row) => row.kind === 'added' || row.kind === 'removed')) return <>{unchanged}</>;
  return (
    <CodeBlock label={label} className={className}>
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
  );
}
