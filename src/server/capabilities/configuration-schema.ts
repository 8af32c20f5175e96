import type { default as Ajv, ValidateFunction } from 'ajv';
import type { FieldIssue } from '../../contract/errors';
import {
  describeSchemaError,
  describeSchemaErrors,
  technicalSchemaError,
} from '../../contract/schema-errors';
import { badRequest } from '../errors';
import { loadOnFirstUse } from '../load-on-first-use';
import { isJsonObject } from '../unknown';

/**
 * The JSON Schema drafts a capability's configuration schema may declare in `$schema`. A schema
 * without `$schema` is read as draft-07, as it always was.
 */
const DRAFT_URIS = {
  'draft-07': ['http://json-schema.org/draft-07/schema'],
  '2019-09': ['https://json-schema.org/draft/2019-09/schema'],
  '2020-12': ['https://json-schema.org/draft/2020-12/schema'],
} as const;
type Draft = keyof typeof DRAFT_URIS;
const isDraft = (key: string): key is Draft => key in DRAFT_URIS;

// strict: false keeps unknown keywords (titles, vendor annotations) harmless, as draft-07 schemas expect.
const OPTIONS = { allErrors: true, strict: false } as const;

/**
 * Ajv, its builds for the later drafts and the formats: tens of milliseconds of module loading, so they
 * load when the first schema is checked (a capability or configuration write), not when the server starts.
 */
const loadAjv = loadOnFirstUse(async () => {
  const [draft07, draft2019, draft2020, formats] = await Promise.all([
    import('ajv'),
    import('ajv/dist/2019.js'),
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  const builds = { 'draft-07': draft07.default, '2019-09': draft2019.default, '2020-12': draft2020.default };
  return { builds, addFormats: formats.default };
});

/** One validator per draft for the process, with the standard formats (email, uri, date-time...) enforced. */
const validators = new Map<Draft, Ajv>();
async function validatorFor(draft: Draft): Promise<Ajv> {
  let ajv = validators.get(draft);
  if (!ajv) {
    const { builds, addFormats } = await loadAjv();
    ajv = new builds[draft](OPTIONS);
    addFormats(ajv);
    validators.set(draft, ajv);
  }
  return ajv;
}

/** Compiled schemas, cached by their text. */
const compiled = new Map<string, ValidateFunction>();

/** "http://json-schema.org/draft-07/schema#" and "https://json-schema.org/draft-07/schema" name one draft. */
const normaliseUri = (uri: string) =>
  uri
    .trim()
    .replace(/#$/, '')
    .replace(/^http:/, 'https:');

/** The draft a schema declares, or undefined when `$schema` names one we do not validate. */
function draftOf(schema: Record<string, unknown>): Draft | { unsupported: string } {
  const declared = schema.$schema;
  if (declared === undefined) return 'draft-07';
  if (typeof declared !== 'string') return { unsupported: JSON.stringify(declared) };
  const uri = normaliseUri(declared);
  const draft = Object.keys(DRAFT_URIS)
    .filter(isDraft)
    .find((key) => DRAFT_URIS[key].some((known) => normaliseUri(known) === uri));
  return draft ?? { unsupported: declared };
}

function invalidSchema(field: string, message: string, detail?: string): never {
  throw badRequest(`Configuration schema is not a valid JSON Schema: ${message}`, [
    { path: field, message, ...(detail && detail !== message ? { detail } : {}) },
  ]);
}

/** Throws a 400 on `field` unless `text` is JSON that is itself a valid JSON Schema of a supported draft. */
export async function assertJsonSchema(text: string, field: string): Promise<void> {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    throw badRequest('Configuration schema must be valid JSON', [
      { path: field, message: 'Must be valid JSON' },
    ]);
  }
  if (!isJsonObject(schema)) invalidSchema(field, 'must be a JSON object');
  const draft = draftOf(schema);
  if (typeof draft !== 'string') {
    const detail = `$schema ${draft.unsupported} is not a supported draft (use draft-07, 2019-09 or 2020-12)`;
    throw badRequest(`Configuration schema declares an unsupported draft: ${detail}`, [
      { path: `${field}.$schema`, message: detail },
    ]);
  }
  const ajv = await validatorFor(draft);
  if (!ajv.validateSchema(schema)) {
    // The meta-schema's complaints, worded as field problems of the schema document itself.
    invalidSchema(
      field,
      describeSchemaErrors(ajv.errors ?? [], 'The schema').join('; '),
      ajv.errorsText(ajv.errors, { dataVar: 'schema' }),
    );
  }
  // An edited schema keeps its $id: forget the old one, or Ajv refuses the id as taken.
  const id = schema.$id;
  if (typeof id === 'string') ajv.removeSchema(id);
  try {
    compiled.set(text, ajv.compile(schema));
  } catch (error) {
    invalidSchema(field, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The violations of `value` against the schema text, one issue per violation (empty when valid): the
 * message in plain words ("Field retries must be an integer"), the validator's own text as `detail`.
 */
export async function schemaViolations(
  schemaText: string,
  value: unknown,
  field: string,
): Promise<FieldIssue[]> {
  let validate = compiled.get(schemaText);
  if (!validate) {
    // Stored schemas passed assertJsonSchema when saved; check again so an old row can never throw a 500.
    await assertJsonSchema(schemaText, 'configurationSchema');
    validate = compiled.get(schemaText)!;
  }
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({
      path: `${field}${error.instancePath.replace(/\//g, '.')}`,
      message: describeSchemaError(error),
      detail: technicalSchemaError(error),
    }));
}

/** A refusal's one-line message from its issues: the sentences, each once. */
export function violationsMessage(issues: readonly FieldIssue[]): string {
  return [...new Set(issues.map((issue) => issue.message))].join('; ');
}

/**
 * The problems of configuration text against a schema text (null: no schema), without throwing: the
 * editor asks while someone types. Empty text means {}, as on save.
 */
export async function configurationProblems(
  schemaText: string | null,
  text: string,
  field: string,
): Promise<FieldIssue[]> {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    return [
      {
        path: field,
        message: 'Configuration is not valid JSON',
        detail: error instanceof Error ? error.message : String(error),
      },
    ];
  }
  return schemaText ? schemaViolations(schemaText, value, field) : [];
}
