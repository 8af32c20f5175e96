import { useMemo } from 'react';
import { diffLines } from '@/tenants/control-plane/lib/line-diff';
import { cn } from '@/lib/utils';

type ConfigurationDiffProps = { from: string; to: string; activeVersion: number };

/** What activating this version would change, line by line, against the active one. */
export function ConfigurationDiff({ from, to, activeVersion }: ConfigurationDiffProps) {
  const lines = useMemo(() => diffLines(from, to), [from, to]);
  const changed = lines.some((line) => line.kind !== 'same');
  return (
    <details open className="text-xs" data-testid="history-diff">
      <summary className="cursor-pointer text-muted-foreground">
        Difference from the active version {activeVersion}
      </summary>
      {changed ? (
        <pre className="mt-2 max-h-48 overflow-auto rounded bg-muted p-2 font-mono">
          {lines.map((line, index) => (
            <div
              key={index}
              data-diff={line.kind}
              className={cn(
                line.kind === 'added' && 'text-green-600 dark:text-green-400',
                line.kind === 'removed' && 'text-red-600 dark:text-red-400',
              )}
            >
              {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
              {line.text}
            </div>
          ))}
        </pre>
      ) : (
        <p className="mt-2 text-muted-foreground">Same configuration as the active version.</p>
      )}
    </details>
  );
}
