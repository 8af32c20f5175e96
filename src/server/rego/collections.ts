import type { Loc, Term } from './ast';
import type { ParserState, Saved } from './state';
import { parseTerm, parseTermInfixCallInList, parseTermList } from './terms';

/*
 * Arrays, sets, objects and their comprehensions (OPA's parseArray, parseSetOrObject): a single term
 * followed by `|` starts a comprehension, so `{a | b}` is one rather than a set holding `a | b`; when
 * that reading fails the collection is read again as a plain list.
 */

/** An array at `[`, a set or an object at `{`. */
export const parseCollection = (p: ParserState): Term | null =>
  p.is('[') ? parseArray(p) : parseSetOrObject(p);

export function parseArray(p: ParserState): Term | null {
  const loc = p.loc;
  p.next();
  if (p.accept(']')) return { type: 'array', items: [], loc };
  // A leading comma ([, x]) is accepted for compatibility, and rules out a comprehension.
  const comprehension = !p.accept(',');
  const saved = p.save();
  const head = parseTerm(p);
  if (!head) return null;
  if (p.accept(']')) return { type: 'array', items: [head], loc };
  if (p.accept(',')) {
    const items = parseTermList(p, ']', [head]);
    return items && { type: 'array', items, loc };
  }
  if (p.is('|') && comprehension) {
    p.next();
    const body = p.body(']');
    if (body) {
      p.next();
      return { type: 'arrayCompr', term: head, body, loc };
    }
    if (!p.is(',')) return null;
  }
  p.restore(saved);
  const items = parseTermList(p, ']', []);
  return items && { type: 'array', items, loc };
}

export function parseSetOrObject(p: ParserState): Term | null {
  const loc = p.loc;
  p.next();
  if (p.accept('}')) return { type: 'object', entries: [], loc };
  const comprehension = !p.accept(',');
  const saved = p.save();
  // A single term first, so `{a | b}` is a comprehension rather than a set holding `a | b`.
  let head = parseTerm(p);
  if (!head) return null;
  if ((p.is('|') && comprehension) || p.is('}') || p.is(','))
    return parseSet(p, saved, head, comprehension, loc);
  if (p.is(':')) return parseObject(p, head, comprehension, loc);
  p.restore(saved);
  head = parseTermInfixCallInList(p);
  if (!head) return null;
  if (p.is('}') || p.is(',')) return parseSet(p, saved, head, false, loc);
  if (p.is(':')) return parseObject(p, head, comprehension, loc);
  p.illegal('non-terminated set');
  return null;
}

function parseSet(p: ParserState, saved: Saved, head: Term, comprehension: boolean, loc: Loc): Term | null {
  if (p.accept('}')) return { type: 'set', items: [head], loc };
  if (p.accept(',')) {
    const items = parseTermList(p, '}', [head]);
    return items && { type: 'set', items, loc };
  }
  if (!p.is('|') || !comprehension) return null;
  p.next();
  const body = p.body('}');
  if (body) {
    p.next();
    return { type: 'setCompr', term: head, body, loc };
  }
  if (!p.is(',')) return null;
  p.restore(saved);
  const items = parseTermList(p, '}', []);
  return items && { type: 'set', items, loc };
}

function parseObject(p: ParserState, key: Term, comprehension: boolean, loc: Loc): Term | null {
  p.next();
  const saved = p.save();
  const value = parseTerm(p);
  if (!value) return null;
  // `}` or `,` after a single-term value: no relation can follow, so no second attempt is needed.
  const single = comprehension && (p.is('}') || p.is(','));
  if (comprehension && (single || p.is('|'))) {
    const term = parseObjectFinish(p, key, value, true, loc);
    if (term) return term;
  }
  p.restore(saved);
  if (!single) {
    const full = parseTermInfixCallInList(p);
    if (!full) return null;
    if (p.is('}') || p.is(',')) return parseObjectFinish(p, key, full, false, loc);
  }
  p.illegal('non-terminated object');
  return null;
}

function parseObjectFinish(
  p: ParserState,
  key: Term,
  value: Term,
  comprehension: boolean,
  loc: Loc,
): Term | null {
  if (p.accept('}')) return { type: 'object', entries: [[key, value]], loc };
  if (p.is('|')) {
    if (!comprehension) return (p.illegal('non-terminated object'), null);
    p.next();
    const body = p.body('}');
    if (!body) return null;
    p.next();
    return { type: 'objectCompr', key, value, body, loc };
  }
  if (!p.accept(',')) return null;
  const entries: [Term, Term][] = [[key, value]];
  if (p.accept('}')) return { type: 'object', entries, loc };
  for (;;) {
    const k = parseTermInfixCallInList(p);
    if (!k) return null;
    if (!p.accept(':')) return (p.illegal('expected ":"'), null);
    const v = parseTermInfixCallInList(p);
    if (!v) return null;
    entries.push([k, v]);
    if (p.accept('}')) return { type: 'object', entries, loc };
    if (!p.accept(',')) return (p.illegal('expected "," or "}"'), null);
    if (p.accept('}')) return { type: 'object', entries, loc };
  }
}
