import { StringStream } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { regoParser } from '@/components/code-editor/rego-language';

/** The (token, style) pairs of each line, the raw-string state carried across lines. */
function tokens(source: string): [string, string | null][] {
  const state = regoParser.startState!(2);
  const out: [string, string | null][] = [];
  for (const line of source.split('\n')) {
    const stream = new StringStream(line, 2, 2);
    while (!stream.eol()) {
      const style = regoParser.token(stream, state);
      if (stream.current().trim()) out.push([stream.current(), style]);
      stream.start = stream.pos;
    }
  }
  return out;
}

describe('rego tokenizer', () => {
  it('marks keywords, operators, strings, numbers and comments', () => {
    expect(tokens('package gateway.authz # the policy\ndefault allow := false')).toEqual([
      ['package', 'keyword'],
      ['gateway', 'variableName'],
      ['.', 'punctuation'],
      ['authz', 'variableName'],
      ['# the policy', 'comment'],
      ['default', 'keyword'],
      ['allow', 'variableName'],
      [':=', 'operator'],
      ['false', 'atom'],
    ]);
    expect(
      tokens('allow if { some r in input.roles; r == "admin"; count(x) >= 2.5 }').map(([, s]) => s),
    ).toEqual([
      'variableName',
      'keyword',
      'punctuation',
      'keyword',
      'variableName',
      'keyword',
      'variableName',
      'punctuation',
      'variableName',
      'punctuation',
      'variableName',
      'operator',
      'string',
      'punctuation',
      'variableName',
      'punctuation',
      'variableName',
      'punctuation',
      'operator',
      'number',
      'punctuation',
    ]);
  });

  it('continues a raw string across lines', () => {
    expect(tokens('msg := `line one\nline two` # done')).toEqual([
      ['msg', 'variableName'],
      [':=', 'operator'],
      ['`line one', 'string'],
      ['line two`', 'string'],
      ['# done', 'comment'],
    ]);
  });
});
