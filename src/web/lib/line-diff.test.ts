import { describe, expect, it } from 'vitest';
import { diffLines, withContext, type DiffLine } from '@/lib/line-diff';

describe('diffLines', () => {
  it('keeps common lines and marks removed and added ones', () => {
    const from = JSON.stringify({ a: 1, b: 2, d: 4 }, null, 2);
    const to = JSON.stringify({ a: 1, c: 3, d: 4 }, null, 2);
    expect(diffLines(from, to)).toEqual([
      { kind: 'same', text: '{' },
      { kind: 'same', text: '  "a": 1,' },
      { kind: 'removed', text: '  "b": 2,' },
      { kind: 'added', text: '  "c": 3,' },
      { kind: 'same', text: '  "d": 4' },
      { kind: 'same', text: '}' },
    ]);
  });

  it('handles empty and identical inputs', () => {
    expect(diffLines('{}', '{}')).toEqual([{ kind: 'same', text: '{}' }]);
    expect(diffLines('a', 'a\nb')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'added', text: 'b' },
    ]);
  });
});

describe('diffLines on a large configuration', () => {
  it('diffs two 10,000-line configurations with 1% changed, exactly', () => {
    const before: Record<string, number> = {};
    for (let i = 0; i < 9_998; i++) before[`setting${i}`] = i;
    const after = { ...before };
    for (let i = 0; i < 9_998; i += 100) after[`setting${i}`] = -i - 1;
    const from = JSON.stringify(before, null, 2);
    const to = JSON.stringify(after, null, 2);
    expect(from.split('\n')).toHaveLength(10_000);

    const lines = diffLines(from, to);
    const removed = lines.filter((line) => line.kind === 'removed').map((line) => line.text);
    const added = lines.filter((line) => line.kind === 'added').map((line) => line.text);
    expect(removed).toHaveLength(100);
    expect(added).toHaveLength(100);
    expect(removed[1]).toBe('  "setting100": 100,');
    expect(added[1]).toBe('  "setting100": -101,');
    // Unchanged lines plus the removed ones give back the old text; plus the added ones, the new text.
    expect(
      lines
        .filter((l) => l.kind !== 'added')
        .map((l) => l.text)
        .join('\n'),
    ).toBe(from);
    expect(
      lines
        .filter((l) => l.kind !== 'removed')
        .map((l) => l.text)
        .join('\n'),
    ).toBe(to);

    const shown = withContext(lines);
    expect(shown.length).toBeLessThan(1_000);
    const gaps = shown.filter((row) => row.kind === 'gap');
    const hidden = gaps.reduce((sum, gap) => sum + (gap.kind === 'gap' ? gap.count : 0), 0);
    expect(hidden + shown.length - gaps.length).toBe(lines.length);
  });
});

describe('withContext', () => {
  it('keeps changes with their neighbours and folds long unchanged runs into gaps', () => {
    const lines: DiffLine[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((text) => ({
      kind: text === 'g' ? 'removed' : 'same',
      text,
    }));
    expect(withContext(lines, 1)).toEqual([
      { kind: 'gap', count: 5 },
      { kind: 'same', text: 'f' },
      { kind: 'removed', text: 'g' },
      { kind: 'same', text: 'h' },
    ]);
    expect(withContext([{ kind: 'same', text: 'x' }])).toEqual([{ kind: 'gap', count: 1 }]);
  });
});
