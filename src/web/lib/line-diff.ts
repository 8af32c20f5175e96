import { diffLines as diffTextLines } from 'diff';

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };
/** A run of unchanged lines left out of the view, with how many. */
export type DiffGap = { kind: 'gap'; count: number };

/**
 * A line diff from `before` to `after` (the `diff` package's Myers algorithm: time and memory grow with
 * the size of the change, not with the product of the two lengths).
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const out: DiffLine[] = [];
  // A final newline on both sides, so a last line that only gained a successor is not reported as changed.
  for (const change of diffTextLines(`${before}\n`, `${after}\n`)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const lines = change.value.split('\n');
    lines.pop(); // each change's value ends with a newline
    for (const text of lines) out.push({ kind, text });
  }
  return out;
}

/**
 * The lines worth showing: every change with `context` unchanged lines around it; longer unchanged
 * runs become one gap, so a 10,000-line configuration with a few changes renders a few dozen rows.
 */
export function withContext(lines: DiffLine[], context = 3): (DiffLine | DiffGap)[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let i = Math.max(0, index - context); i <= Math.min(lines.length - 1, index + context); i++)
      near[i] = true;
  });
  const out: (DiffLine | DiffGap)[] = [];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (near[index]) {
      if (skipped > 0) out.push({ kind: 'gap', count: skipped });
      skipped = 0;
      out.push(line);
    } else {
      skipped++;
    }
  });
  if (skipped > 0) out.push({ kind: 'gap', count: skipped });
  return out;
}
