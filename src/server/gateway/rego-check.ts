import type { RegoProblem } from '../../contract/gateway';

/*
 * A structural check of Rego source, run on every save. No npm package compiles Rego offline in Node
 * (the OPA packages evaluate policies already compiled to WebAssembly by the `opa` binary, or talk to
 * a running OPA), so the console checks what it can tell without a compiler: the package declaration,
 * balanced brackets, terminated strings. Everything else (unknown built-ins, unsafe variables, type
 * errors) is found by `opa check` on the served bundle (docs/gateway.md).
 */

/** A Rego identifier, as a package path segment. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Words Rego reserves, which cannot name a package segment. */
const KEYWORDS = new Set([
  'as',
  'contains',
  'default',
  'else',
  'every',
  'false',
  'if',
  'import',
  'in',
  'not',
  'null',
  'package',
  'some',
  'true',
  'with',
]);

const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

export interface RegoCheck {
  /** The declared package path (`tenants.acme.authz`), when the declaration is valid. */
  packagePath?: string;
  problems: RegoProblem[];
}

/**
 * Blanks out comments and string contents (keeping line breaks and delimiters), so the bracket and
 * package checks read code only. Reports strings left open.
 */
function codeOnly(source: string, problems: RegoProblem[]): string {
  let out = '';
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\n') {
      out += c;
      line++;
      i++;
    } else if (c === '#') {
      while (i < source.length && source[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '"') {
      const start = line;
      out += '"';
      i++;
      let closed = false;
      while (i < source.length) {
        const s = source[i] as string;
        if (s === '\n') break;
        if (s === '\\') {
          out += '  ';
          i += 2;
          continue;
        }
        i++;
        if (s === '"') {
          out += '"';
          closed = true;
          break;
        }
        out += ' ';
      }
      if (!closed)
        problems.push({ line: start, message: 'Unterminated string: a "..." string must close on its line' });
    } else if (c === '`') {
      // Raw strings may span lines.
      const start = line;
      out += '`';
      i++;
      let closed = false;
      while (i < source.length) {
        const s = source[i] as string;
        i++;
        if (s === '`') {
          out += '`';
          closed = true;
          break;
        }
        if (s === '\n') {
          out += '\n';
          line++;
        } else out += ' ';
      }
      if (!closed)
        problems.push({ line: start, message: 'Unterminated raw string: a `...` string never closes' });
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Reports brackets that close nothing, close the wrong kind, or never close. */
function checkBrackets(code: string, problems: RegoProblem[]): void {
  const open: { char: string; line: number }[] = [];
  let line = 1;
  for (const c of code) {
    if (c === '\n') line++;
    else if (CLOSER[c]) open.push({ char: c, line });
    else if (OPENER[c]) {
      const top = open.at(-1);
      if (!top) {
        problems.push({ line, message: `Unexpected "${c}": nothing is open here` });
      } else if (top.char !== OPENER[c]) {
        problems.push({
          line,
          message: `Unexpected "${c}": "${top.char}" opened on line ${top.line} is still open`,
        });
        open.pop();
      } else open.pop();
    }
  }
  for (const unclosed of open) {
    problems.push({
      line: unclosed.line,
      message: `"${unclosed.char}" is never closed (expected "${CLOSER[unclosed.char]}")`,
    });
  }
}

/** Checks that the first statement declares a valid package, and answers its path. */
function checkPackage(code: string, problems: RegoProblem[]): string | undefined {
  const lines = code.split('\n');
  const index = lines.findIndex((text) => text.trim() !== '');
  if (index < 0) {
    problems.push({ line: 1, message: 'The policy is empty: it must start with a package declaration' });
    return undefined;
  }
  const line = index + 1;
  const first = (lines[index] as string).trim();
  const match = /^package(?:\s+(.*))?$/.exec(first);
  if (!match) {
    problems.push({
      line,
      message: 'The first statement must be the package declaration, e.g. "package tenants.acme.authz"',
    });
    return undefined;
  }
  const path = (match[1] ?? '').trim();
  if (!path) {
    problems.push({ line, message: 'The package declaration names no package' });
    return undefined;
  }
  const segments = path.split('.');
  const bad = segments.find((segment) => !IDENTIFIER.test(segment) || KEYWORDS.has(segment));
  if (bad !== undefined) {
    problems.push({
      line,
      message: `Invalid package path "${path}": each dot-separated segment must be an identifier (letters, digits, _), not a keyword${bad ? ` ("${bad}")` : ''}`,
    });
    return undefined;
  }
  if (segments[0] === 'data') {
    problems.push({
      line,
      message: 'The package path must not start with "data": OPA adds that root itself',
    });
    return undefined;
  }
  return path;
}

/** Checks Rego source; problems are ordered by line. */
export function checkRego(source: string): RegoCheck {
  const problems: RegoProblem[] = [];
  const code = codeOnly(source, problems);
  const packagePath = checkPackage(code, problems);
  checkBrackets(code, problems);
  problems.sort((a, b) => a.line - b.line);
  return problems.length === 0 ? { packagePath, problems } : { problems };
}
