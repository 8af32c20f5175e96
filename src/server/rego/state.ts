import type { Body, Loc, RegoError, Term } from './ast';
import { KEYWORDS, tokenize, type Token } from './lexer';

/*
 * The parser's position and errors, with OPA's backtracking: a parse attempt saves the state and,
 * when it does not work out, restores it, dropping the errors it recorded meanwhile.
 */

export interface Saved {
  pos: number;
  errors: number;
  wildcards: number;
}

/** OPA names tokens this way in "unexpected ... token" messages. */
function tokenName(token: Token): string {
  if (token.kind === 'ident') return KEYWORDS.has(token.text) ? token.text : 'ident';
  if (token.kind === 'punct') return token.text;
  return token.kind;
}

export class ParserState {
  readonly tokens: Token[];
  pos = 0;
  errors: RegoError[] = [];
  /** Counter for `_` wildcards, each a distinct variable ($0, $1...). */
  wildcards = 0;
  /** Parses a `{ ... }` or comprehension body up to `end` (set by the literal parser; breaks a cycle). */
  body: (end: string) => Body | null = () => null;
  /** Parses an array, set or object at `[` or `{` (set with the body parser; breaks the terms ↔ collections cycle). */
  collection: () => Term | null = () => null;

  constructor(source: string) {
    this.tokens = tokenize(source);
  }

  get tok(): Token {
    return this.tokens[this.pos] ?? this.tokens[this.tokens.length - 1]!;
  }

  peek(ahead = 1): Token {
    return this.tokens[this.pos + ahead] ?? this.tokens[this.tokens.length - 1]!;
  }

  get loc(): Loc {
    return { line: this.tok.line, column: this.tok.column };
  }

  next(): void {
    if (this.tok.kind !== 'eof') this.pos++;
  }

  /** The current token is this punctuation or keyword. */
  is(text: string): boolean {
    const { kind } = this.tok;
    return (kind === 'punct' || kind === 'ident') && this.tok.text === text;
  }

  /** An identifier that is not a keyword. */
  isIdent(): boolean {
    return this.tok.kind === 'ident' && !KEYWORDS.has(this.tok.text);
  }

  /** The current token follows the previous one directly (a ref or call continues). */
  adjacent(): boolean {
    return !this.tok.wsBefore;
  }

  accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.next();
    return true;
  }

  save(): Saved {
    return { pos: this.pos, errors: this.errors.length, wildcards: this.wildcards };
  }

  restore(saved: Saved): void {
    this.pos = saved.pos;
    this.errors.length = saved.errors;
    this.wildcards = saved.wildcards;
  }

  error(loc: Loc, message: string, code: RegoError['code'] = 'rego_parse_error'): void {
    this.errors.push({ line: loc.line, column: Math.max(1, loc.column), code, message });
  }

  /** OPA's "unexpected } token: <note>" at the current token. */
  illegal(note?: string): void {
    const token = this.tok;
    if (token.kind === 'illegal') {
      this.error(token, token.error ?? 'illegal token');
      return;
    }
    const name = token.wsBefore && note?.startsWith('expected ident') ? 'whitespace' : tokenName(token);
    const type = token.kind === 'ident' && KEYWORDS.has(token.text) ? 'keyword' : 'token';
    this.error(token, `unexpected ${name} ${type}${note ? `: ${note}` : ''}`);
  }

  get failed(): boolean {
    return this.errors.length > 0;
  }
}
