import Ajv, { type ValidateFunction } from 'ajv';
import type { FieldIssue } from '../../contract/errors';
import { badRequest } from '../errors';

// One validator for the process; compiled schemas are cached by their text.
const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction>();

/** Throws a 400 on `field` unless `text` is JSON that is itself a valid JSON Schema. */
export function assertJsonSchema(text: string, field: string): void {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    throw badRequest('Configuration schema must be valid JSON', [
      { path: field, message: 'Must be valid JSON' },
    ]);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || !ajv.validateSchema(schema)) {
    const detail = ajv.errorsText(ajv.errors, { dataVar: 'schema' });
    throw badRequest(`Configuration schema is not a valid JSON Schema: ${detail}`, [
      { path: field, message: detail },
    ]);
  }
  try {
    ajv.compile(schema);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw badRequest(`Configuration schema is not a valid JSON Schema: ${detail}`, [
      { path: field, message: detail },
    ]);
  }
}

/** The violations of `value` against the schema text, one issue per violation (empty when valid). */
export function schemaViolations(schemaText: string, value: unknown, field: string): FieldIssue[] {
  let validate = compiled.get(schemaText);
  if (!validate) {
    validate = ajv.compile(JSON.parse(schemaText) as object);
    compiled.set(schemaText, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => ({
    path: `${field}${error.instancePath.replace(/\//g, '.')}`,
    message: `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`,
  }));
}
