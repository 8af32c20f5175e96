import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRego } from './check';

/*
 * The Rego corpus (corpus/): valid/ holds modules written to use every construct of Rego v1, which
 * OPA accepts; invalid/ holds modules OPA refuses, each opening with the errors `opa check` reports,
 * one `# opa: line:column: code: message` line each. The console must accept the first and refuse the
 * second with exactly those problems.
 */

const dir = (name: string) => new URL(`./corpus/${name}/`, import.meta.url);
const files = (name: string) =>
  readdirSync(dir(name))
    .filter((file) => file.endsWith('.rego'))
    .sort()
    .map((file) => [file, readFileSync(new URL(file, dir(name)), 'utf8')] as const);

const EXPECTED = /^# opa: (\d+):(\d+): (.+)$/;

/** The errors a module's header says OPA reports. */
function expectedProblems(source: string) {
  return source
    .split('\n')
    .map((line) => EXPECTED.exec(line))
    .filter((match) => match !== null)
    .map(([, line, column, message]) => ({ line: Number(line), column: Number(column), message }));
}

describe('Rego corpus', () => {
  const valid = files('valid');
  const invalid = files('invalid');

  it('has modules of both kinds', () => {
    expect(valid.length).toBeGreaterThanOrEqual(20);
    expect(invalid.length).toBeGreaterThanOrEqual(40);
  });

  it.each(valid)('accepts valid/%s', (_file, source) => {
    const check = checkRego(source);
    expect(check.problems).toEqual([]);
    expect(check.packagePath).toMatch(/^corpus\./);
  });

  it.each(invalid)('refuses invalid/%s with the errors OPA reports', (_file, source) => {
    const expected = expectedProblems(source);
    expect(expected.length).toBeGreaterThan(0);
    const check = checkRego(source);
    expect(check.problems).toEqual(expected);
    expect(check.packagePath).toBeUndefined();
  });
});

describe('Rego positions', () => {
  it('counts columns in characters, a tab as one, after non-ASCII text', () => {
    const source = 'package a\n\n# é, 日本\nallow if {\n\tnote := "日本"; x > 1\n}\n';
    expect(checkRego(source).problems).toEqual([
      { line: 5, column: 16, message: 'rego_unsafe_var_error: var x is unsafe' },
    ]);
  });

  it('reads CRLF line ends as line ends', () => {
    const source = 'package a\r\n\r\nallow {\r\n  true\r\n}\r\n';
    expect(checkRego(source).problems).toEqual([
      { line: 3, column: 1, message: 'rego_parse_error: `if` keyword is required before rule body' },
    ]);
  });
});
