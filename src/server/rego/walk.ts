import type { Body, CallTerm, Expr, Rule, Term } from './ast';

/*
 * Visiting every expression and call of a module: rule bodies, `else` chains, heads, comprehension and
 * `every` bodies, `with` values.
 */

/** Every rule of a module, each `else` of a chain included. */
export function allRules(rules: Rule[]): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) for (let r: Rule | undefined = rule; r; r = r.elseRule) out.push(r);
  return out;
}

/** The terms a rule's head holds. */
export function headTerms(rule: Rule): Term[] {
  const { head } = rule;
  return [...head.ref.slice(1), ...(head.args ?? []), head.key, head.value].filter((t) => t !== undefined);
}

function visitTerm(term: Term, onExpr: (expr: Expr) => void, onCall: (call: CallTerm) => void): void {
  const visit = (t: Term) => visitTerm(t, onExpr, onCall);
  switch (term.type) {
    case 'ref':
      visit(term.head);
      term.path.forEach(visit);
      return;
    case 'call':
      onCall(term);
      term.args.forEach(visit);
      return;
    case 'array':
    case 'set':
      term.items.forEach(visit);
      return;
    case 'object':
      term.entries.flat().forEach(visit);
      return;
    case 'arrayCompr':
    case 'setCompr':
      visit(term.term);
      visitBody(term.body, onExpr, onCall);
      return;
    case 'objectCompr':
      visit(term.key);
      visit(term.value);
      visitBody(term.body, onExpr, onCall);
      return;
    default:
      return;
  }
}

export function visitBody(
  body: Body,
  onExpr: (expr: Expr) => void,
  onCall: (call: CallTerm) => void = () => {},
): void {
  for (const expr of body) {
    onExpr(expr);
    const visit = (t: Term) => visitTerm(t, onExpr, onCall);
    const { body: what } = expr;
    if (what.type === 'term') visit(what.term);
    else if (what.type === 'someIn') [what.key, what.value, what.domain].forEach((t) => t && visit(t));
    else if (what.type === 'every') {
      visit(what.domain);
      visitBody(what.body, onExpr, onCall);
    }
    expr.with.forEach((w) => visit(w.value));
  }
}

/** Every call of a module's rules, in heads and bodies. */
export function visitCalls(rules: Rule[], onCall: (call: CallTerm) => void): void {
  for (const rule of allRules(rules)) {
    headTerms(rule).forEach((t) => visitTerm(t, () => {}, onCall));
    visitBody(rule.body, () => {}, onCall);
  }
}

/** Every expression of a module's rules, nested ones included. */
export function visitExprs(rules: Rule[], onExpr: (expr: Expr) => void): void {
  for (const rule of allRules(rules)) {
    headTerms(rule).forEach((t) => visitTerm(t, onExpr, () => {}));
    visitBody(rule.body, onExpr);
  }
}

/** Each body of a module (rule bodies and the closures in them), for scope-wise checks. */
export function allBodies(rules: Rule[]): Body[] {
  const bodies: Body[] = [];
  for (const rule of allRules(rules)) {
    bodies.push(rule.body);
    const nested = (t: Term) => {
      if (t.type === 'arrayCompr' || t.type === 'setCompr' || t.type === 'objectCompr') bodies.push(t.body);
    };
    headTerms(rule).forEach((t) => walkTerms(t, nested));
    visitBody(rule.body, (expr) => {
      if (expr.body.type === 'every') bodies.push(expr.body.body);
      exprTerms(expr).forEach((t) => walkTerms(t, nested));
    });
  }
  return bodies;
}

function exprTerms(expr: Expr): Term[] {
  const { body } = expr;
  const terms: Term[] = expr.with.map((w) => w.value);
  if (body.type === 'term') terms.push(body.term);
  else if (body.type === 'someIn')
    terms.push(...[body.key, body.value, body.domain].filter((t) => t !== undefined));
  else if (body.type === 'every') terms.push(body.domain);
  return terms;
}

/** Every term within a term (closures' heads included, their bodies not). */
function walkTerms(term: Term, onTerm: (t: Term) => void): void {
  onTerm(term);
  const walk = (t: Term) => walkTerms(t, onTerm);
  if (term.type === 'ref') [term.head, ...term.path].forEach(walk);
  else if (term.type === 'call') term.args.forEach(walk);
  else if (term.type === 'array' || term.type === 'set') term.items.forEach(walk);
  else if (term.type === 'object') term.entries.flat().forEach(walk);
  else if (term.type === 'arrayCompr' || term.type === 'setCompr') walk(term.term);
  else if (term.type === 'objectCompr') [term.key, term.value].forEach(walk);
}
