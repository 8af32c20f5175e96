import { describe, expect, it } from 'vitest';
import { diffLines } from '@/tenants/control-plane/lib/line-diff';
import { prettyJson } from '@/tenants/control-plane/lib/json-text';

describe('diffLines', () => {
  it('keeps common lines and marks removed and added ones', () => {
    const from = prettyJson('{"a":1,"b":2,"d":4}');
    const to = prettyJson('{"a":1,"c":3,"d":4}');
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

describe('prettyJson', () => {
  it('pretty-prints JSON, treats empty as {} and leaves other text alone', () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson('')).toBe('{}');
    expect(prettyJson('not json')).toBe('not json');
  });
});
