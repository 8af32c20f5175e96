import { describe, expect, it } from 'vitest';
import { prettyJson } from '@/control-plane/lib/json-text';

describe('prettyJson', () => {
  it('pretty-prints JSON, treats empty as {} and leaves other text alone', () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson('')).toBe('{}');
    expect(prettyJson('not json')).toBe('not json');
  });
});
