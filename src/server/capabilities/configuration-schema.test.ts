import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { assertJsonSchema, schemaViolations } from './configuration-schema';

const contactSchema = (draft?: string, extra: object = {}) =>
  JSON.stringify({
    ...(draft ? { $schema: draft } : {}),
    type: 'object',
    required: ['contact'],
    properties: {
      contact: { type: 'string', format: 'email' },
      since: { type: 'string', format: 'date-time' },
    },
    ...extra,
  });

/** The 400 a call throws, as the API would answer it. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('configuration schemas', () => {
  const drafts: [string, string | undefined][] = [
    ['no $schema (draft-07)', undefined],
    ['draft-07', 'http://json-schema.org/draft-07/schema#'],
    ['2019-09', 'https://json-schema.org/draft/2019-09/schema'],
    ['2020-12', 'https://json-schema.org/draft/2020-12/schema'],
  ];

  it.each(drafts)('accepts and enforces a %s schema, formats included', async (_label, draft) => {
    const schema = contactSchema(draft);
    await assertJsonSchema(schema, 'body.configurationSchema');
    expect(
      await schemaViolations(schema, { contact: 'ops@example.com', since: '2026-01-02T03:04:05Z' }, 'c'),
    ).toEqual([]);
    const issues = await schemaViolations(
      schema,
      { contact: 'not an address', since: 'yesterday' },
      'body.configuration',
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      'body.configuration.contact',
      'body.configuration.since',
    ]);
    expect(issues[0]?.message).toBe('Field contact must be a valid email');
    expect(issues[0]?.detail).toBe('/contact: must match format "email"');
    expect((await schemaViolations(schema, {}, 'c'))[0]?.message).toBe(
      'Configuration is missing the required field contact',
    );
  });

  it('enforces keywords that exist only in the newer drafts', async () => {
    const schema2020 = JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'integer' }],
      items: false,
    });
    await assertJsonSchema(schema2020, 'f');
    expect(await schemaViolations(schema2020, ['a', 1], 'c')).toEqual([]);
    expect(await schemaViolations(schema2020, ['a', 1, true], 'c')).not.toEqual([]);
    const schema2019 = JSON.stringify({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: { a: { type: 'string' } },
      unevaluatedProperties: false,
    });
    await assertJsonSchema(schema2019, 'f');
    expect(await schemaViolations(schema2019, { a: 'x', b: 1 }, 'c')).not.toEqual([]);
  });

  it('refuses an unknown or malformed $schema with a 400 naming it', async () => {
    for (const declared of [
      'https://json-schema.org/draft/2031-01/schema',
      'http://json-schema.org/draft-04/schema#',
      42,
    ]) {
      const error = await refusal(
        assertJsonSchema(contactSchema(undefined, { $schema: declared }), 'body.configurationSchema'),
      );
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.issues?.[0]?.path).toBe('body.configurationSchema.$schema');
      expect(error.message).toContain(String(declared));
    }
  });

  it('refuses a schema that is not valid for its own draft', async () => {
    const error = await refusal(
      assertJsonSchema(
        JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'nope' }),
        'f',
      ),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues?.[0]?.path).toBe('f');
  });

  it('accepts an edited schema that keeps its $id', async () => {
    const v1 = contactSchema('https://json-schema.org/draft/2020-12/schema', {
      $id: 'https://example.com/contact',
    });
    const v2 = contactSchema('https://json-schema.org/draft/2020-12/schema', {
      $id: 'https://example.com/contact',
      title: 'Contact v2',
    });
    await assertJsonSchema(v1, 'f');
    await assertJsonSchema(v2, 'f');
    expect(await schemaViolations(v2, { contact: 'x' }, 'c')).toHaveLength(1);
  });
});
