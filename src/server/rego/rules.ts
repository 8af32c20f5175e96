import type { Body, Loc, Rule, RuleHead, Term } from './ast';
import { parseLiteral } from './literals';
import type { ParserState } from './state';
import { parseTermFinish, parseTermInfixCall, parseVar } from './terms';

/*
 * Rule statements (OPA's parseRules, parseHead, parseElse). The parser accepts v0 forms too (a body
 * without `if`, `p[x] { ... }`): the checks after parsing refuse them with OPA's v1 messages, so the
 * message names what to add rather than an unexpected token.
 */

const TRUE = (loc: Loc): Term => ({ type: 'boolean', value: 'true', loc });

/** Whether a term holds no variable (refs and calls count as not ground). */
export function isGround(term: Term): boolean {
  switch (term.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return true;
    case 'array':
    case 'set':
      return term.items.every(isGround);
    case 'object':
      return term.entries.every(([k, v]) => isGround(k) && isGround(v));
    default:
      return false;
  }
}

const refText = (ref: Term[]): string =>
  ref
    .map((part, i) =>
      part.type === 'var' && i === 0 ? part.name : part.type === 'string' ? `.${part.value}` : '[...]',
    )
    .join('');

/** A rule statement, and the further bodies chained to it; null when the statement is not a rule. */
export function parseRules(p: ParserState): Rule[] | null {
  const loc = p.loc;
  const isDefault = p.accept('default');
  if (!p.isIdent()) return null;
  const parsed = parseHead(p);
  if (!parsed) return null;
  const { head, usesContains } = parsed;
  const rule: Rule = {
    loc,
    isDefault,
    head,
    body: [],
    generatedBody: true,
    hasIf: false,
    hasContains: usesContains,
  };
  if (isDefault) return validateDefault(p, rule) ? [rule] : null;
  rule.hasIf = p.is('if');
  shapeTwoPartHead(rule);
  if (rule.hasIf || p.is('{')) {
    const body = p.accept('if') ? parseIfBody(p) : parseBraced(p);
    if (!body) return null;
    rule.body = body;
    rule.generatedBody = false;
  } else if (!usesContains) return null;
  if (p.is('else') && !parseElseChain(p, rule)) return null;
  return chainedBodies(p, rule);
}

/** `p[x]` and `p.q`: with `if`, a key of an object (or a nested rule); without, v0's partial set. */
function shapeTwoPartHead(rule: Rule): void {
  const { head } = rule;
  const second = head.ref[1];
  if (head.ref.length !== 2 || !second || rule.hasContains || head.args) return;
  if (rule.hasIf) {
    if (!isGround(second) || second.type === 'ref') head.key = second;
    if (!head.value) {
      head.generatedValue = true;
      head.value = TRUE(head.loc);
    }
    return;
  }
  head.key = second;
  if (!head.value) head.ref = head.ref.slice(0, 1);
}

/** After `if`: one literal (not a set literal), or a `{ ... }` body. */
function parseIfBody(p: ParserState): Body | null {
  if (p.is('{')) {
    const saved = p.save();
    const expr = parseLiteral(p);
    // `{ x }` alone is a set, always true: read it as a body instead.
    if (expr && !(expr.body.type === 'term' && expr.body.term.type === 'set')) return [expr];
    p.restore(saved);
    return parseBraced(p);
  }
  const expr = parseLiteral(p);
  return expr && [expr];
}

function parseBraced(p: ParserState): Body | null {
  p.next();
  const body = p.body('}');
  if (!body) return null;
  p.next();
  return body;
}

function parseElseChain(p: ParserState, rule: Rule): boolean {
  if (rule.head.ref.length > 1 && !rule.head.ref.every(isGround)) {
    p.error(p.loc, 'else keyword cannot be used on rules with variables in head');
    return false;
  }
  if (rule.head.key) {
    p.error(p.loc, 'else keyword cannot be used on multi-value rules');
    return false;
  }
  const elseRule = parseElse(p, rule.head);
  if (!elseRule) return false;
  rule.elseRule = elseRule;
  return true;
}

/** Further `{ ... }` bodies after a rule define the same head again (OR). */
function chainedBodies(p: ParserState, rule: Rule): Rule[] | null {
  const rules = [rule];
  while (p.is('{')) {
    if (rule.elseRule) {
      p.error(p.loc, 'expected else keyword');
      return null;
    }
    const loc = p.loc;
    const body = parseBraced(p);
    if (!body) return null;
    rules.push({ ...rule, loc, body, elseRule: undefined });
  }
  return rules;
}

function parseElse(p: ParserState, head: RuleHead): Rule | null {
  const loc = p.loc;
  p.next();
  const elseHead: RuleHead = { ...head, loc, generatedValue: false };
  if (p.is('{') || p.is('if')) {
    elseHead.generatedValue = true;
    elseHead.value = TRUE(loc);
  } else if (p.accept(':=') || p.accept('=')) {
    const value = parseTermInfixCall(p);
    if (!value) return null;
    elseHead.value = value;
  } else return (p.illegal('expected else value term or rule body'), null);
  const rule: Rule = {
    loc,
    isDefault: false,
    head: elseHead,
    body: [],
    generatedBody: true,
    hasIf: false,
    hasContains: false,
  };
  if (!p.is('if') && !p.is('{')) return rule;
  rule.hasIf = p.accept('if');
  rule.generatedBody = false;
  let body: Body | null;
  if (p.is('{')) body = parseBraced(p);
  else if (p.tok.kind !== 'eof') body = parseIfBody(p);
  else return (p.illegal('rule body expected'), null);
  if (!body) return null;
  rule.body = body;
  if (p.is('else')) {
    const next = parseElse(p, head);
    if (!next) return null;
    rule.elseRule = next;
  }
  return rule;
}

/** The head's reference: a var, then parts; a call's operator with its arguments. */
function headReference(p: ParserState, term: Term): { ref: Term[]; args?: Term[] } | null {
  if (term.type === 'var') return { ref: [term] };
  if (term.type === 'ref') return { ref: [term.head, ...term.path] };
  if (term.type !== 'call') return null;
  const { operator } = term;
  if (operator.type === 'var') return { ref: [operator], args: term.args };
  if (operator.type === 'ref' && operator.head.type === 'var') {
    return { ref: [operator.head, ...operator.path], args: term.args };
  }
  p.illegal('rule head ref invalid');
  return null;
}

const HEAD_OPERATORS = new Set(['+', '-', '*', '/', '%', '&', '|', '==', '!=', '>', '>=', '<', '<=']);

function parseHead(p: ParserState): { head: RuleHead; usesContains: boolean } | null {
  const loc = p.loc;
  const name = parseVar(p);
  if (p.adjacent() && p.tok.kind === 'punct' && HEAD_OPERATORS.has(p.tok.text)) return (p.illegal(), null);
  const term = parseTermFinish(p, name, true);
  const reference = term && headReference(p, term);
  if (!reference) return null;
  const head: RuleHead = { ...reference, generatedValue: false, loc };
  const text = refText(head.ref);
  if (p.is('contains')) {
    if (head.args) {
      p.illegal(
        `the contains keyword can only be used with multi-value rule definitions (e.g., ${text} contains <VALUE> { ... })`,
      );
      return null;
    }
    p.next();
    const key = parseTermInfixCall(p);
    if (!key) return null;
    head.key = key;
    return { head, usesContains: true };
  }
  if (p.is('=') || p.is(':=')) {
    p.next();
    const value = parseTermInfixCall(p);
    if (!value) return null;
    head.value = value;
  } else if (head.ref.length !== 2 || head.args) {
    head.generatedValue = true;
    head.value = TRUE(loc);
  }
  return { head, usesContains: false };
}

/** `default` rules: a value without refs, vars or calls, plain distinct parameters, no body. */
function validateDefault(p: ParserState, rule: Rule): boolean {
  const { value, args } = rule.head;
  if (!value) {
    p.error(rule.loc, 'illegal default rule (must have a value)');
    return false;
  }
  const bad = forbiddenInDefault(value);
  if (bad) {
    p.error(rule.loc, `illegal default rule (value cannot contain ${bad})`);
    return false;
  }
  const seen = new Set<string>();
  for (const arg of args ?? []) {
    if (arg.type !== 'var') {
      p.error(rule.loc, `illegal default rule (arguments cannot contain ${arg.type})`);
      return false;
    }
    if (seen.has(arg.name)) {
      p.error(rule.loc, `illegal default rule (arguments cannot be repeated ${arg.name})`);
      return false;
    }
    seen.add(arg.name);
  }
  rule.body = [{ loc: rule.loc, negated: false, body: { type: 'term', term: TRUE(rule.loc) }, with: [] }];
  return true;
}

/** The first ref, var or call in a default value, outside comprehensions. */
function forbiddenInDefault(term: Term): string | undefined {
  switch (term.type) {
    case 'ref':
    case 'var':
    case 'call':
      return term.type;
    case 'array':
    case 'set':
      return term.items.map(forbiddenInDefault).find(Boolean);
    case 'object':
      return term.entries.flat().map(forbiddenInDefault).find(Boolean);
    default:
      return undefined;
  }
}
