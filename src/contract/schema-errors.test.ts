import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { describeSchemaError, describeSchemaErrors, fieldPath, technicalSchemaError } from './schema-errors';

// Real validator output, so the wording follows what Ajv actually reports.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const ajv2020 = new Ajv2020({ allErrors: true, strict: false });

function sentences(schema: object, value: unknown, validator: Ajv = ajv): string[] {
  const validate = validator.compile(schema);
  expect(validate(value)).toBe(false);
  return describeSchemaErrors(validate.errors ?? []);
}

describe('fieldPath', () => {
  it('turns JSON Pointers into dotted paths with list indexes', () => {
    expect(fieldPath('')).toBe('');
    expect(fieldPath('/retries')).toBe('retries');
    expect(fieldPath('/storage/bucket')).toBe('storage.bucket');
    expect(fieldPath('/servers/0/url')).toBe('servers[0].url');
    expect(fieldPath('/a~1b/c~0d')).toBe('a/b.c~d');
  });
});

describe('describeSchemaError', () => {
  it('names a missing required field, at the top and nested', () => {
    const schema = {
      type: 'object',
      required: ['bucket', 'storage'],
      properties: { storage: { type: 'object', required: ['region'] } },
    };
    expect(sentences(schema, {})).toEqual([
      'Configuration is missing the required field bucket',
      'Configuration is missing the required field storage',
    ]);
    expect(sentences(schema, { bucket: 'b', storage: {} })).toEqual([
      'Field storage is missing the required field region',
    ]);
  });

  it('words types, with "an integer" and alternatives', () => {
    const schema = { properties: { retries: { type: 'integer' }, name: { type: ['string', 'null'] } } };
    expect(sentences(schema, { retries: 'three' })).toEqual(['Field retries must be an integer']);
    expect(sentences(schema, { name: 1 })).toEqual(['Field name must be a string or null']);
    expect(sentences({ type: 'object' }, [])).toEqual(['Configuration must be an object']);
  });

  it('lists the allowed values of an enum and a const', () => {
    expect(sentences({ properties: { mode: { enum: ['fast', 'safe'] } } }, { mode: 'slow' })).toEqual([
      'Field mode must be one of: fast, safe',
    ]);
    expect(sentences({ properties: { v: { const: 2 } } }, { v: 3 })).toEqual(['Field v must be 2']);
  });

  it('names the format', () => {
    const schema = { properties: { url: { type: 'string', format: 'uri' }, at: { format: 'date-time' } } };
    expect(sentences(schema, { url: 'not a url', at: 'yesterday' })).toEqual([
      'Field url must be a valid uri',
      'Field at must be a valid date-time',
    ]);
  });

  it('names a field that is not allowed', () => {
    const schema = { properties: { a: {} }, additionalProperties: false };
    expect(sentences(schema, { a: 1, colour: 'red' })).toEqual([
      'Configuration does not allow the field colour',
    ]);
  });

  it('words bounds on numbers, strings, lists and objects', () => {
    const schema = {
      properties: {
        retries: { minimum: 1, maximum: 10 },
        ratio: { exclusiveMinimum: 0, exclusiveMaximum: 1 },
        code: { minLength: 3, maxLength: 4, pattern: '^[A-Z]+$' },
        tags: { minItems: 1, maxItems: 2, uniqueItems: true },
        step: { multipleOf: 5 },
        labels: { minProperties: 1 },
      },
    };
    expect(sentences(schema, { retries: 0 })).toEqual(['Field retries must be at least 1']);
    expect(sentences(schema, { retries: 11 })).toEqual(['Field retries must be at most 10']);
    expect(sentences(schema, { ratio: 0 })).toEqual(['Field ratio must be greater than 0']);
    expect(sentences(schema, { ratio: 1 })).toEqual(['Field ratio must be less than 1']);
    expect(sentences(schema, { code: 'ab' })).toEqual([
      'Field code must be at least 3 characters long',
      'Field code must match the pattern ^[A-Z]+$',
    ]);
    expect(sentences(schema, { code: 'ABCDE' })).toEqual(['Field code must be at most 4 characters long']);
    expect(sentences(schema, { tags: [] })).toEqual(['Field tags must have at least 1 item']);
    expect(sentences(schema, { tags: ['a', 'b', 'c'] })).toEqual(['Field tags must have at most 2 items']);
    expect(sentences(schema, { tags: ['a', 'a'] })).toEqual([
      'Field tags must not contain the same item twice (items 0 and 1 are equal)',
    ]);
    expect(sentences(schema, { step: 7 })).toEqual(['Field step must be a multiple of 5']);
    expect(sentences(schema, { labels: {} })).toEqual(['Field labels must have at least 1 field']);
  });

  it('points into lists and nested objects', () => {
    const schema = {
      properties: {
        servers: {
          type: 'array',
          items: { type: 'object', required: ['url'], properties: { url: { format: 'uri' } } },
        },
      },
    };
    expect(sentences(schema, { servers: [{ url: 'https://a.example' }, { url: 'nope' }, {}] })).toEqual([
      'Field servers[1].url must be a valid uri',
      'Field servers[2] is missing the required field url',
    ]);
  });

  it('words 2020-12 keywords: a closed tuple and unevaluated fields', () => {
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    expect(sentences(tuple, ['a', 1], ajv2020)).toEqual(['Configuration must have at most 1 item']);
    const closed = { properties: { a: {} }, unevaluatedProperties: false };
    expect(sentences(closed, { a: 1, b: 2 }, ajv2020)).toEqual(['Configuration does not allow the field b']);
  });

  it('says once that no alternative of an anyOf matched', () => {
    const schema = {
      properties: { port: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^\\d+$' }] } },
    };
    expect(sentences(schema, { port: 'http' })).toContain(
      'Field port does not match any of the allowed forms',
    );
  });

  it('falls back to the validator predicate for a keyword it does not know', () => {
    expect(describeSchemaError({ instancePath: '/x', keyword: 'x-custom', message: 'must be shiny' })).toBe(
      'Field x must be shiny',
    );
    expect(describeSchemaError({ instancePath: '', keyword: 'x-custom' }, 'The schema')).toBe(
      'The schema is invalid',
    );
  });

  it('keeps the technical form for the details', () => {
    expect(
      technicalSchemaError({ instancePath: '/retries', keyword: 'type', message: 'must be integer' }),
    ).toBe('/retries: must be integer');
    expect(technicalSchemaError({ instancePath: '', keyword: 'required' })).toBe('/: required');
  });
});
