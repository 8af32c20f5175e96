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

/**
 * One violation as a sentence. `subject` names the document ("Configuration"); a nested value is
 * "Field <path>".
 */
export function describeSchemaError(error: SchemaError, subject = 'Configuration'): string {
  const path = fieldPath(error.instancePath);
  const what = path ? `Field ${path}` : subject;
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return `${what} is missing the required field ${show(params.missingProperty)}`;
    case 'dependentRequired':
    case 'dependencies':
      return `${what} is missing the field ${show(params.missingProperty)}, required when ${show(params.property)} is set`;
    case 'type':
      return `${what} must be ${typeWords(params.type)}`;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(show) : [];
      return `${what} must be one of: ${allowed.join(', ')}`;
    }
    case 'const':
      return `${what} must be ${show(params.allowedValue)}`;
    case 'format':
      return `${what} must be a valid ${show(params.format)}`;
    case 'additionalProperties':
      return `${what} does not allow the field ${show(params.additionalProperty)}`;
    case 'unevaluatedProperties':
      return `${what} does not allow the field ${show(params.unevaluatedProperty)}`;
    case 'propertyNames':
      return `${what} has a field named ${show(params.propertyName)}, which is not an allowed name`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${what} must be ${COMPARISONS[String(params.comparison)] ?? show(params.comparison)} ${show(params.limit)}`;
    case 'multipleOf':
      return `${what} must be a multiple of ${show(params.multipleOf)}`;
    case 'minLength':
      return `${what} must be at least ${plural(params.limit, 'character', 'characters')} long`;
    case 'maxLength':
      return `${what} must be at most ${plural(params.limit, 'character', 'characters')} long`;
    case 'pattern':
      return `${what} must match the pattern ${show(params.pattern)}`;
    case 'minItems':
      return `${what} must have at least ${plural(params.limit, 'item', 'items')}`;
    case 'maxItems':
      return `${what} must have at most ${plural(params.limit, 'item', 'items')}`;
    case 'uniqueItems':
      return `${what} must not contain the same item twice (items ${show(params.j)} and ${show(params.i)} are equal)`;
    case 'minProperties':
      return `${what} must have at least ${plural(params.limit, 'field', 'fields')}`;
    case 'maxProperties':
      return `${what} must have at most ${plural(params.limit, 'field', 'fields')}`;
    case 'additionalItems':
    case 'items':
      return `${what} must have at most ${plural(params.limit, 'item', 'items')}`;
    case 'contains':
      return `${what} must contain at least ${plural(params.minContains ?? 1, 'matching item', 'matching items')}`;
    case 'anyOf':
    case 'oneOf':
      return `${what} does not match any of the allowed forms`;
    case 'not':
      return `${what} has a value that is not allowed`;
    case 'false schema':
      return path ? `Field ${path} is not allowed` : `${subject} is not allowed`;
    default:
      // A keyword this module does not word (if/then, a custom one): the validator's own predicate.
      return `${what} ${error.message ?? 'is invalid'}`;
  }
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
