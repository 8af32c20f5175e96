import type { RegoProblem } from '../../contract/gateway';
import type { RegoError } from './ast';
import { compileChecks } from './compile';
import { KEYWORDS } from './lexer';
import { parseModule } from './parser';

/*
 * The Rego check run on every save (docs/gateway.md, "Rego check"): the module is parsed as Rego v1
 * and put through the compiler checks OPA runs when it loads a bundle (src/server/rego/), so a
 * policy OPA would refuse is refused here, at its line and column, in OPA's words. Then the console's
 * own rule for package names, which become the bundle's directories.
 */

/** A package path segment: an identifier. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface RegoCheck {
  /** The declared package path (`tenants.acme.authz`), when the policy passed. */
  packagePath?: string;
  /**
   * The package the source declares, when its package clause is valid, even if the rest of the module is
   * not: a policy stored before today's check still has a place in the bundle (see opa-bundle.ts).
   */
  declaredPackage?: string;
  problems: RegoProblem[];
}

const problemOf = (error: RegoError): RegoProblem => ({
  line: error.line,
  column: error.column,
  message: `${error.code}: ${error.message}`,
});

/** The console's rule on top of OPA's: plain identifier segments, not a keyword, not under `data`. */
function packageProblem(path: string[]): string | undefined {
  const text = path.join('.');
  const bad = path.find((segment) => !IDENTIFIER.test(segment) || KEYWORDS.has(segment));
  if (bad !== undefined) {
    return `Invalid package path "${text}": each dot-separated segment must be an identifier (letters, digits, _), not a keyword ("${bad}")`;
  }
  if (path[0] === 'data') return 'The package path must not start with "data": OPA adds that root itself';
  return undefined;
}

/** Checks Rego source; problems are ordered by position. */
export function checkRego(source: string): RegoCheck {
  const { module, errors } = parseModule(source);
  const path = module.packagePath ?? [];
  const invalid = packageProblem(path);
  const declaredPackage = invalid === undefined && path.length > 0 ? path.join('.') : undefined;
  if (errors.length > 0) return { declaredPackage, problems: errors.map(problemOf) };
  if (invalid) {
    const { line, column } = module.packageLoc ?? { line: 1, column: 1 };
    return { problems: [{ line, column, message: invalid }] };
  }
  const compiled = compileChecks(module);
  if (compiled.length > 0) return { declaredPackage, problems: compiled.map(problemOf) };
  return { packagePath: declaredPackage, declaredPackage, problems: [] };
}
