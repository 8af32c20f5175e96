import { useMemo, useState } from 'react';
import { CodeBlock } from '@/components/code-block';
import { diffLines, withContext } from '@/lib/line-diff';
import { cn } from '@/lib/utils';

type ConfigurationDiffProps = {
  from: string;
  to: string;
  activeVersion: number;
  /** What the summary says; by default the difference from the context's active version. */
  summary?: string;
  defaultOpen?: boolean;
};

/**
 * What activating this version would change, line by line, against the active one. Computed only once
 * the reader opens it, so a long history costs nothing until a version is looked at.
 */
export function ConfigurationDiff({
  from,
  to,
  activeVersion,
  summary,
  defaultOpen = false,
}: ConfigurationDiffProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details
      className="text-xs"
      data-testid="history-diff"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-muted-foreground">
        {summary ?? `Difference from the active version ${activeVersion}`}
      </summary>
      {open && <DiffLines from={from} to={to} />}
    </details>
  );
}

function DiffLines({ from, to }: { from: string; to: string }) {
  const rows = useMemo(() => withContext(diffLines(from, to)), [from, to]);
  if (!rows.some((row) => row.kind === 'added' || row.kind === 'removed')) {
    return <p className="mt-2 text-muted-foreground">Same configuration as the active version.</p>;
  }
  return (
    <CodeBlock label="Line differences" className="mt-2 max-h-48 text-[length:inherit]">
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
