/*
 * The Rego scanner (OPA's v1/ast/internal/scanner, rewritten): identifiers, numbers, "..." strings
 * with JSON escapes, `...` raw strings, comments, operators. Whitespace and comments are not tokens:
 * each token records whether whitespace, and a line break, came before it, which is all the grammar
 * needs (a ref continues only without whitespace; literals of a body are separated by newlines).
 */

/** 1-based line and column (columns count characters, as OPA's do). */
export interface Loc {
  line: number;
  column: number;
}

export type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'illegal' | 'eof';

export interface Token extends Loc {
  kind: TokenKind;
  /** The source text (for strings, with their quotes). */
  text: string;
  /** Whitespace or a comment directly before the token. */
  wsBefore: boolean;
  /** A line break since the previous token. */
  nlBefore: boolean;
  /** Why an illegal token is illegal, in OPA's words. */
  error?: string;
}

/** Rego v1's keywords (OPA's base keywords plus the former future keywords). */
export const KEYWORDS: ReadonlySet<string> = new Set([
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

const TWO_CHAR = new Set([':=', '==', '!=', '<=', '>=']);
const ONE_CHAR = new Set([...'[]{}(),:+-*/%&|=<>;.']);

const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isDigit = (c: string) => c >= '0' && c <= '9';
const SIMPLE_ESCAPES = new Set([...'\\"/bfnrt']);

/** Scans source into tokens, ending with one `eof` token. Never throws. */
export class Lexer {
  private readonly chars: string[];
  private i = 0;
  private line = 1;
  private column = 1;

  constructor(source: string) {
    // By code point, so columns count characters; a leading byte-order mark is skipped as OPA does.
    this.chars = [...source.replace(/^\uFEFF/, '')];
  }

  tokens(): Token[] {
    const out: Token[] = [];
    for (;;) {
      const gap = this.skipSpace();
      const token = this.scan(gap);
      out.push(token);
      if (token.kind === 'eof') return out;
    }
  }

  private peek(ahead = 0): string {
    return this.chars[this.i + ahead] ?? '';
  }

  private advance(): string {
    const c = this.chars[this.i++] ?? '';
    if (c === '\n') {
      this.line++;
      this.column = 1;
    } else this.column++;
    return c;
  }

  /** Skips whitespace and comments; answers what was skipped. */
  private skipSpace(): { ws: boolean; nl: boolean } {
    let ws = false;
    let nl = false;
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
        if (c === '\n') nl = true;
        this.advance();
      } else if (c === '#') {
        while (this.i < this.chars.length && this.peek() !== '\n') this.advance();
      } else return { ws, nl };
      ws = true;
    }
  }

  private scan(gap: { ws: boolean; nl: boolean }): Token {
    const start = { line: this.line, column: this.column, wsBefore: gap.ws, nlBefore: gap.nl };
    const from = this.i;
    const make = (kind: TokenKind, error?: string): Token => ({
      ...start,
      kind,
      text: this.chars.slice(from, this.i).join(''),
      ...(error ? { error } : {}),
    });
    const c = this.peek();
    if (c === '') return make('eof');
    if (isLetter(c)) {
      while (isLetter(this.peek()) || isDigit(this.peek())) this.advance();
      return make('ident');
    }
    if (isDigit(c)) {
      const error = this.scanNumber();
      return make(error ? 'illegal' : 'number', error);
    }
    if (c === '"') return this.scanString(make);
    if (c === '`') return this.scanRawString(make);
    if (TWO_CHAR.has(c + this.peek(1))) {
      this.advance();
      this.advance();
      return make('punct');
    }
    this.advance();
    if (c === '!') return make('illegal', 'illegal ! character');
    if (ONE_CHAR.has(c)) return make('punct');
    return make('illegal', 'illegal token');
  }

  /** Digits, an optional fraction and exponent; answers OPA's complaint, if any. */
  private scanNumber(): string | undefined {
    let error: string | undefined;
    while (isDigit(this.peek())) this.advance();
    if (this.peek() === '.') {
      this.advance();
      if (!isDigit(this.peek())) error = 'expected fraction';
      while (isDigit(this.peek())) this.advance();
    }
    if (this.peek() === 'e' || this.peek() === 'E') {
      this.advance();
      if (this.peek() === '+' || this.peek() === '-') this.advance();
      if (!isDigit(this.peek())) error ??= 'expected exponent';
      while (isDigit(this.peek())) this.advance();
    }
    if (isLetter(this.peek())) {
      error ??= 'illegal number format';
      while (isLetter(this.peek()) || isDigit(this.peek())) this.advance();
    }
    return error;
  }

  /** A "..." string: one line, JSON escapes. */
  private scanString(make: (kind: TokenKind, error?: string) => Token): Token {
    this.advance();
    let error: string | undefined;
    for (;;) {
      const c = this.peek();
      if (c === '\n' || c === '') return make('illegal', 'non-terminated string');
      this.advance();
      if (c === '"') return error ? make('illegal', error) : make('string');
      if (c !== '\\') continue;
      if (SIMPLE_ESCAPES.has(this.peek())) this.advance();
      else if (
        this.peek() === 'u' &&
        /^[0-9a-fA-F]{4}$/.test(this.chars.slice(this.i + 1, this.i + 5).join(''))
      ) {
        for (let k = 0; k < 5; k++) this.advance();
      } else error ??= 'illegal escape sequence';
    }
  }

  /** A `...` raw string: any characters, line breaks included, no escapes. */
  private scanRawString(make: (kind: TokenKind, error?: string) => Token): Token {
    this.advance();
    for (;;) {
      const c = this.peek();
      if (c === '') return make('illegal', 'non-terminated string');
      this.advance();
      if (c === '`') return make('string');
    }
  }
}

/** The tokens of a source, ending with `eof`. */
export const tokenize = (source: string): Token[] => new Lexer(source).tokens();

/** A string token's value: JSON-decoded, or the raw string's text. */
export function stringValue(token: Token): string {
  if (token.text.startsWith('`')) return token.text.slice(1, -1);
  const value: unknown = JSON.parse(token.text);
  return String(value);
}
