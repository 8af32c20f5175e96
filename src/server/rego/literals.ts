import type { Body, Expr, ExprBody, Loc, Term, VarTerm, With } from './ast';
import { parseCollection } from './collections';
import type { ParserState } from './state';
import { infixCall, parseTerm, parseTermInfixCall, parseVar } from './terms';

/*
 * Queries and their literals (OPA's parseQuery, parseLiteral, parseSome, parseEvery, parseWith):
 * literals are separated by `;` or a line break; a literal is `some ...`, `every ...`, or an optionally
 * negated expression, each optionally followed by `with` modifiers.
 */

/**
 * A query up to `end` (not consumed). At the top level (`requireSemi`) it is one statement: literals
 * joined by `;` only.
 */
export function parseQuery(p: ParserState, requireSemi: boolean, end: string): Body | null {
  const body: Body = [];
  if (p.is(end) || (end === 'eof' && p.tok.kind === 'eof')) {
    p.error(p.loc, 'found empty body');
    return null;
  }
  for (;;) {
    const expr = parseLiteral(p);
    if (!expr) return null;
    body.push(expr);
    if (p.accept(';')) continue;
    if (p.is(end) || p.tok.kind === 'eof' || requireSemi) {
      if (!p.is(end) && p.tok.kind === 'eof' && end !== 'eof') return (p.illegal(), null);
      return body;
    }
    if (!p.tok.nlBefore) {
      if (!p.failed) p.illegal(`expected \\n or ; or ${end}`);
      return null;
    }
  }
}

/** Installs the body parser the term parser uses for comprehensions, and the collection parser. */
export function installBodyParser(p: ParserState): void {
  p.body = (end) => parseQuery(p, false, end);
  p.collection = () => parseCollection(p);
}

/** `not`, a ref that starts with a keyword (`not.x`) aside. */
function startsNegation(p: ParserState): boolean {
  const following = p.peek();
  return p.is('not') && !(!following.wsBefore && (following.text === '.' || following.text === '['));
}

export function parseLiteral(p: ParserState): Expr | null {
  const loc = p.loc;
  const negated = startsNegation(p);
  if (negated) p.next();
  if (p.is('some') || p.is('every')) {
    const keyword = p.tok.text;
    if (negated) return (p.illegal(`illegal negation of '${keyword}'`), null);
    const body = keyword === 'some' ? parseSome(p) : parseEvery(p);
    return body && withModifiers(p, { loc, negated, body, with: [] });
  }
  const body = parseExpr(p);
  return body && withModifiers(p, { loc, negated, body, with: [] });
}

function withModifiers(p: ParserState, expr: Expr): Expr | null {
  if (!p.is('with')) return expr;
  const withs = parseWith(p);
  return withs && { ...expr, with: withs };
}

/** A term, or an assignment/unification of two. */
function parseExpr(p: ParserState): ExprBody | null {
  const lhs = parseTermInfixCall(p);
  if (!lhs) return null;
  if (p.is(':=') || p.is('=')) {
    const infix = p.tok.text;
    const opLoc = p.loc;
    p.next();
    const rhs = parseTermInfixCall(p);
    if (!rhs) return null;
    const name = infix === ':=' ? 'assign' : 'eq';
    return { type: 'term', term: infixCall(name, infix, [lhs, rhs], lhs.loc, opLoc) };
  }
  return { type: 'term', term: lhs };
}

function parseWith(p: ParserState): With[] | null {
  const withs: With[] = [];
  while (p.is('with')) {
    const loc: Loc = p.loc;
    p.next();
    if (!p.isIdent()) return (p.illegal('expected ident'), null);
    const target = parseTerm(p);
    if (!target) return null;
    if (target.type !== 'ref' && target.type !== 'var') return (p.illegal('expected with target path'), null);
    if (!p.accept('as')) return (p.illegal('expected as keyword'), null);
    const value = parseTermInfixCall(p);
    if (!value) return null;
    withs.push({ target, value, loc });
  }
  return withs;
}

/** The parts of `x in xs` / `k, v in xs`, or undefined for anything else. */
function membership(term: Term): { key?: Term; value: Term; domain: Term } | undefined {
  if (term.type !== 'call') return undefined;
  const [a, b, c] = term.args;
  if (term.name === 'internal.member_2' && a && b) return { value: a, domain: b };
  if (term.name === 'internal.member_3' && a && b && c) return { key: a, value: b, domain: c };
  return undefined;
}

/** `some x in xs`, `some k, v in xs`, or `some x, y` declarations. */
function parseSome(p: ParserState): ExprBody | null {
  const saved = p.save();
  p.next();
  const term = parseTermInfixCall(p);
  if (term?.type === 'call') {
    const member = membership(term);
    if (!member) return (p.illegal('expected `x in xs` or `x, y in xs` expression'), null);
    return { type: 'someIn', ...member };
  }
  p.restore(saved);
  const vars: VarTerm[] = [];
  do {
    p.next();
    if (!p.isIdent()) return (p.illegal('expected var'), null);
    vars.push(parseVar(p));
  } while (p.is(','));
  return { type: 'someVars', vars };
}

/** `every x in xs { ... }` or `every k, v in xs { ... }`. */
function parseEvery(p: ParserState): ExprBody | null {
  p.next();
  const term = parseTermInfixCall(p);
  if (!term) return null;
  const member = membership(term);
  if (!member) return (p.illegal('expected `x[, y] in xs { ... }` expression'), null);
  const { key, value, domain } = member;
  if (key && key.type !== 'var') return (p.illegal('expected key to be a variable'), null);
  if (value.type !== 'var') return (p.illegal('expected value to be a variable'), null);
  if (!p.is('{')) return (p.illegal('missing body'), null);
  p.next();
  const body = p.body('}');
  if (!body) return null;
  p.next();
  return { type: 'every', ...(key ? { key } : {}), value, domain, body };
}
