import { staticName, valueName, type CallTerm, type Loc, type Term, type VarTerm } from './ast';
import { KEYWORDS, stringValue } from './lexer';
import type { ParserState } from './state';

/*
 * Terms and infix expressions, as OPA's parser reads them (v1/ast/parser.go): precedence from loosest
 * to tightest is `in`, then `== != < <= > >=`, then `|`, then `&`, then `+ -`, then `* / %`; all
 * left-associative. A term continues as a ref or call only when `.`, `[` or `(` follows it directly.
 */

const RELATIONS: Record<string, string> = {
  '==': 'equal',
  '!=': 'neq',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
};
const LEVELS: Record<string, string>[] = [
  RELATIONS,
  { '|': 'or' },
  { '&': 'and' },
  { '+': 'plus', '-': 'minus' },
  { '*': 'mul', '/': 'div', '%': 'rem' },
];

/** The names `data` and `input` always denote refs, even alone. */
const ROOT_DOCUMENTS = new Set(['data', 'input']);

export function infixCall(name: string, infix: string, args: Term[], loc: Loc, opLoc: Loc): CallTerm {
  return { type: 'call', name, infix, operator: { type: 'var', name, loc: opLoc }, args, loc };
}

/** A full term with infix operators, `in`, and `k, v in xs` (where a comma may not mean a list). */
export const parseTermInfixCall = (p: ParserState): Term | null => parseTermIn(p, true);

/** The same inside a list, where a comma separates items. */
export const parseTermInfixCallInList = (p: ParserState): Term | null => parseTermIn(p, false);

function parseTermIn(p: ParserState, keyVal: boolean): Term | null {
  let lhs = parseLevel(p, 0);
  if (!lhs) return null;
  for (;;) {
    if (keyVal && p.is(',')) {
      const saved = p.save();
      p.next();
      const mhs = parseLevel(p, 0);
      if (mhs && p.is('in')) {
        const opLoc = p.loc;
        p.next();
        const rhs = parseLevel(p, 0);
        if (!rhs) return null;
        lhs = infixCall('internal.member_3', 'in', [lhs, mhs, rhs], lhs.loc, opLoc);
        continue;
      }
      p.restore(saved);
    }
    if (!p.is('in')) return lhs;
    const opLoc = p.loc;
    p.next();
    const rhs = parseLevel(p, 0);
    if (!rhs) return null;
    lhs = infixCall('internal.member_2', 'in', [lhs, rhs], lhs.loc, opLoc);
  }
}

/** One precedence level: operands of the next tighter level joined by this level's operators. */
function parseLevel(p: ParserState, level: number): Term | null {
  const operators = LEVELS[level];
  if (!operators) return parseTerm(p);
  let lhs = parseLevel(p, level + 1);
  while (lhs && p.tok.kind === 'punct') {
    const infix = p.tok.text;
    const name = operators[infix];
    if (!name) break;
    const opLoc = p.loc;
    p.next();
    const rhs = parseLevel(p, level + 1);
    if (!rhs) return null;
    lhs = infixCall(name, infix, [lhs, rhs], lhs.loc, opLoc);
  }
  return lhs;
}

/** One term: a scalar, var, collection, comprehension or parenthesised expression, and its ref/call tail. */
export function parseTerm(p: ParserState): Term | null {
  const head = parsePrimary(p);
  return head ? parseTermFinish(p, head) : null;
}

function parsePrimary(p: ParserState): Term | null {
  const token = p.tok;
  const loc = p.loc;
  if (token.kind === 'ident' && (token.text === 'true' || token.text === 'false' || token.text === 'null')) {
    p.next();
    return { type: token.text === 'null' ? 'null' : 'boolean', value: token.text, loc };
  }
  if (token.kind === 'number' || p.is('-') || p.is('.')) return parseNumber(p);
  if (token.kind === 'string') {
    p.next();
    return { type: 'string', value: stringValue(token), loc };
  }
  if (token.kind === 'ident' && (!KEYWORDS.has(token.text) || token.text === 'contains')) return parseVar(p);
  if (p.is('[') || p.is('{')) return p.collection();
  if (p.is('(')) return parseParens(p);
  p.illegal();
  return null;
}

function parseParens(p: ParserState): Term | null {
  p.next();
  const inner = parseTermInfixCall(p);
  if (!inner) return null;
  if (!p.is(')')) {
    p.error(p.loc, 'non-terminated expression');
    return null;
  }
  p.next();
  return inner;
}

export function parseVar(p: ParserState): VarTerm {
  const loc = p.loc;
  const name = p.tok.text;
  p.next();
  if (name === '_') return { type: 'var', name: `$${p.wildcards++}`, loc, wildcard: true };
  return { type: 'var', name, loc };
}

function parseNumber(p: ParserState): Term | null {
  const loc = p.loc;
  let prefix = '';
  if (p.accept('-')) {
    prefix = '-';
    if (p.tok.kind !== 'number' && !p.is('.')) return (p.illegal('expected number'), null);
  }
  if (p.accept('.')) {
    prefix += '.';
    if (p.tok.kind !== 'number') return (p.illegal('expected number'), null);
  }
  const text = p.tok.text;
  if (p.tok.kind !== 'number') return (p.illegal(), null);
  const leadingZero = !prefix.endsWith('.') && text.length > 1 && text[0] === '0';
  if (leadingZero && text[1] !== '.' && !(text.length > 2 && /[eE]/.test(text[1] ?? ''))) {
    p.illegal('expected number without leading zero');
    return null;
  }
  p.next();
  return { type: 'number', value: prefix + text, loc };
}

/** After a term: `.x`, `[x]` and `(args)` directly after it make it a ref or a call. */
export function parseTermFinish(p: ParserState, head: Term, loose = false): Term | null {
  if ((loose || p.adjacent()) && (p.is('.') || p.is('[') || p.is('('))) return parseRef(p, head);
  if (head.type === 'var' && ROOT_DOCUMENTS.has(head.name))
    return { type: 'ref', head, path: [], loc: head.loc };
  return head;
}

const REF_HEADS = new Set(['var', 'array', 'object', 'set', 'arrayCompr', 'objectCompr', 'setCompr', 'call']);

function parseRef(p: ParserState, head: Term): Term | null {
  if (!REF_HEADS.has(head.type)) {
    p.error(head.loc, `illegal ref (head cannot be ${valueName(head)})`);
    return null;
  }
  const path: Term[] = [];
  for (let first = true; first || p.adjacent(); first = false) {
    if (p.is('.')) {
      p.next();
      if (!p.adjacent() || p.tok.kind !== 'ident') return (p.illegal('expected ident'), null);
      path.push({ type: 'string', value: p.tok.text, loc: p.loc });
      p.next();
    } else if (p.is('[')) {
      p.next();
      const index = parseTermInfixCall(p);
      if (!index) return null;
      if (!p.is(']')) return (p.illegal('expected ['), null);
      p.next();
      path.push(index);
    } else if (p.is('(')) {
      const operator: Term = path.length > 0 ? { type: 'ref', head, path, loc: head.loc } : head;
      const call = parseCall(p, operator);
      return call && p.adjacent() && (p.is('.') || p.is('[')) ? parseRef(p, call) : call;
    } else break;
  }
  return { type: 'ref', head, path, loc: head.loc };
}

function parseCall(p: ParserState, operator: Term): Term | null {
  const loc = operator.loc;
  p.next();
  const args = parseTermList(p, ')', []);
  if (!args) return null;
  const name = staticName(operator) ?? '';
  if (name === 'set' && args.length === 0) return { type: 'set', items: [], loc };
  return { type: 'call', name, operator, args, loc };
}

/** Items up to `end` (consumed), separated by commas; a trailing comma is fine. */
export function parseTermList(p: ParserState, end: string, items: Term[]): Term[] | null {
  if (p.accept(end)) return items;
  for (;;) {
    const item = parseTermInfixCallInList(p);
    if (!item) return null;
    items.push(item);
    if (p.accept(end)) return items;
    if (!p.accept(',')) return (p.illegal(`expected "," or "${end}"`), null);
    if (p.accept(end)) return items;
  }
}
