import { useState } from 'react';
import { LineDiffBlock } from '@/components/line-diff-block';

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
  return (
    <LineDiffBlock
      before={from}
      after={to}
      label="Line differences"
      className="mt-2 max-h-48 text-[length:inherit]"
      unchanged={<p className="mt-2 text-muted-foreground">Same configuration as the active version.</p>}
    />
  );
}
