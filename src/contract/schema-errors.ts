/**
 * JSON Schema violations in plain words, shared by the server (its 400 messages) and the client (the
 * editor's errors as you type), so both say the same sentence: "Configuration is missing the required
 * field bucket", "Field retries must be an integer", "Field mode must be one of: fast, safe".
 *
 * The input is the shape of an Ajv error object (draft-07, 2019-09 and 2020-12 keywords); only the
 * fields read here are required, so no validator library is imported.
 */
export type SchemaError = {
  /** JSON Pointer of the offending value: "" for the whole document, "/servers/0/url". */
  instancePath: string;
  keyword: string;
  params?: Record<string, unknown>;
  /** The validator's own words, used only for keywords this module does not know. */
  message?: string;
};

/** "/servers/0/url" -> "servers[0].url"; "" -> "" (the document itself). */
export function fieldPath(instancePath: string): string {
  if (instancePath === '') return '';
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
      '',
    );
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function typeWords(type: unknown): string {
  const types = String(type).split(',');
  const words = types.map((name) => TYPE_NAMES[name] ?? name);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

/** A value as it reads in a sentence: strings bare, anything else as JSON. */
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const plural = (count: unknown, one: string, many: string) => `${show(count)} ${count === 1 ? one : many}`;

const COMPARISONS: Record<string, string> = {
  '>=': 'at least',
  '<=': 'at most',
  '>': 'greater than',
  '<': 'less than',
};

type Params = Record<string, unknown>;
/** What a violation of one keyword says of the value, after "Field x" or the subject. */
type Predicate = (params: Params) => string;

const missingDependent: Predicate = (p) =>
  `is missing the field ${show(p.missingProperty)}, required when ${show(p.property)} is set`;
const bounded: Predicate = (p) =>
  `must be ${COMPARISONS[String(p.comparison)] ?? show(p.comparison)} ${show(p.limit)}`;
const atMostItems: Predicate = (p) => `must have at most ${plural(p.limit, 'item', 'items')}`;
const noMatchingForm: Predicate = () => 'does not match any of the allowed forms';

const PREDICATES: Readonly<Record<string, Predicate>> = {
  required: (p) => `is missing the required field ${show(p.missingProperty)}`,
  dependentRequired: missingDependent,
  dependencies: missingDependent,
  type: (p) => `must be ${typeWords(p.type)}`,
  enum: (p) =>
    `must be one of: ${(Array.isArray(p.allowedValues) ? p.allowedValues.map(show) : []).join(', ')}`,
  const: (p) => `must be ${show(p.allowedValue)}`,
  format: (p) => `must be a valid ${show(p.format)}`,
  additionalProperties: (p) => `does not allow the field ${show(p.additionalProperty)}`,
  unevaluatedProperties: (p) => `does not allow the field ${show(p.unevaluatedProperty)}`,
  propertyNames: (p) => `has a field named ${show(p.propertyName)}, which is not an allowed name`,
  minimum: bounded,
  maximum: bounded,
  exclusiveMinimum: bounded,
  exclusiveMaximum: bounded,
  multipleOf: (p) => `must be a multiple of ${show(p.multipleOf)}`,
  minLength: (p) => `must be at least ${plural(p.limit, 'character', 'characters')} long`,
  maxLength: (p) => `must be at most ${plural(p.limit, 'character', 'characters')} long`,
  pattern: (p) => `must match the pattern ${show(p.pattern)}`,
  minItems: (p) => `must have at least ${plural(p.limit, 'item', 'items')}`,
  maxItems: atMostItems,
  uniqueItems: (p) => `must not contain the same item twice (items ${show(p.j)} and ${show(p.i)} are equal)`,
  minProperties: (p) => `must have at least ${plural(p.limit, 'field', 'fields')}`,
  maxProperties: (p) => `must have at most ${plural(p.limit, 'field', 'fields')}`,
  additionalItems: atMostItems,
  items: atMostItems,
  contains: (p) => `must contain at least ${plural(p.minContains ?? 1, 'matching item', 'matching items')}`,
  anyOf: noMatchingForm,
  oneOf: noMatchingForm,
  not: () => 'has a value that is not allowed',
  'false schema': () => 'is not allowed',
};

/**
 * One violation as a sentence. `subject` names the document ("Configuration"); a nested value is
 * "Field <path>". A keyword this module does not word (if/then, a custom one) keeps the validator's own
 * predicate.
 */
export function describeSchemaError(error: SchemaError, subject = 'Configuration'): string {
  const path = fieldPath(error.instancePath);
  const what = path ? `Field ${path}` : subject;
  const predicate = Object.hasOwn(PREDICATES, error.keyword) ? PREDICATES[error.keyword] : undefined;
  return `${what} ${predicate ? predicate(error.params ?? {}) : (error.message ?? 'is invalid')}`;
}

/**
 * Ajv reports the branches of a failed anyOf/oneOf as well as the anyOf itself, and the failed `if`
 * beside its `then`: keep one sentence per value, the most specific, without repeats.
 */
export function describeSchemaErrors(errors: readonly SchemaError[], subject = 'Configuration'): string[] {
  const noise = new Set(['if']);
  return [
    ...new Set(
      errors.filter((error) => !noise.has(error.keyword)).map((e) => describeSchemaError(e, subject)),
    ),
  ];
}

/** The technical form of a violation, for the "Details" disclosure: "/retries: must be integer". */
export function technicalSchemaError(error: SchemaError): string {
  return `${error.instancePath || '/'}: ${error.message ?? error.keyword}`;
}
