import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEventSchema } from '../../contract/audit';
import { tenantSchema } from '../../contract/tenants';
import { userSchema } from '../../contract/users';
import { compiledSerializerCompiler, compileWrite } from './compiled-serializer';

/** What zod's own serializer (the one the compiled writer replaces) answers for the same schema and value. */
function zodAnswer(schema: z.ZodType, value: unknown): string {
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/test' });
  return serialize(value);
}

function compiledAnswer(schema: z.ZodType, value: unknown): string {
  const serialize = compiledSerializerCompiler({ schema, method: 'GET', url: '/test' });
  return serialize(value);
}

const tenantRow = {
  id: 'tenant-001',
  revision: 4,
  name: 'Acme "quoted" \u2028 name',
  description: null,
  status: 'active' as const,
  owner: 'owner@example.com',
  developmentEnabled: true,
  uatEnabled: false,
  productionEnabled: true,
  idpProvider: 'okta',
  idpConfiguration: null,
  authProvider: null,
  authConfiguration: '{"a":1}',
  apiGatewayConfiguration: null,
  policyServerConfiguration: null,
  dataClassification: null,
  dataRetentionRequirements: null,
  dataResidency: 'EU',
  disasterRecoveryRequirements: null,
  privacyLaws: null,
  allowedRegions: ['eu-west-1', 'eu-central-1'],
  environmentRegionPolicies: null,
  blueGreenConfig: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const mixed = z.object({
  id: z.string(),
  count: z.int(),
  ratio: z.number().nullable(),
  kind: z.enum(['a', 'b']),
  fixed: z.literal('x'),
  flag: z.boolean(),
  note: z.string().optional(),
  tags: z.array(z.string()),
  labels: z.record(z.string(), z.string()),
  nested: z.object({ at: z.string() }).nullable(),
  either: z.union([z.string(), z.object({ n: z.number() })]),
  detail: z.discriminatedUnion('type', [
    z.object({ type: z.literal('one'), one: z.string() }),
    z.object({ type: z.literal('two'), two: z.number() }),
  ]),
});

const mixedRow = {
  id: 'm-1',
  count: 3,
  ratio: null,
  kind: 'b',
  fixed: 'x',
  flag: false,
  tags: ['t1', 't"2'],
  labels: { 'a b': 'c', d: 'e' },
  nested: { at: 'here', hidden: 'never' },
  either: { n: 2, secret: 'no' },
  detail: { type: 'two', two: 2, one: 'not this branch' },
};

describe('compiled response serializer', () => {
  it('answers byte for byte what zod answered, for the contract schemas and every kind it compiles', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.array(tenantSchema), [tenantRow, { ...tenantRow, id: 'tenant-002', allowedRegions: null }]],
      [tenantSchema, tenantRow],
      [mixed, mixedRow],
      [mixed, { ...mixedRow, note: 'n', ratio: 0.25, either: 'text' }],
      [z.array(mixed), []],
    ];
    for (const [schema, value] of cases) {
      expect(compiledAnswer(schema, value)).toBe(zodAnswer(schema, value));
    }
  });

  it('writes the JSON text JSON.stringify writes: escapes, numbers, optional keys anywhere, records', () => {
    const optionals = z.object({
      first: z.string().optional(),
      middle: z.number().optional(),
      last: z.array(z.int()).optional(),
    });
    const strings = [
      'plain',
      '',
      'quote " and backslash \\',
      'controls \u0000 \u0001 \n \t \u001f end',
      'line separators \u2028 \u2029',
      'emoji \u{1F600} pair',
      'lone \ud800 high and \udc00 low',
      '</script><!-- -->',
    ];
    const numbers = [0, -0, 1.5, -2.25, 1e21, 1e-7, 0.1 + 0.2, Number.MAX_SAFE_INTEGER];
    const cases: [z.ZodType, unknown][] = [
      [z.array(z.string()), strings],
      [z.array(z.number()), numbers],
      [z.record(z.string(), z.string()), Object.fromEntries(strings.map((text) => [text, text]))],
      [z.record(z.string(), z.number().optional()), { a: 1, b: undefined, c: 3 }],
      [optionals, {}],
      [optionals, { first: 'a' }],
      [optionals, { middle: 2 }],
      [optionals, { last: [1, 2] }],
      [optionals, { first: 'a', last: [] }],
      [optionals, { first: undefined, middle: 0, last: undefined, other: 'not sent' }],
      [z.object({}), { ignored: true }],
      [z.enum(['a "quoted" value', 'b']), 'a "quoted" value'],
      [z.literal([1, true, null]), true],
    ];
    for (const [schema, value] of cases) {
      const text = compiledAnswer(schema, value);
      expect(text).toBe(zodAnswer(schema, value));
      expect(JSON.parse(text)).toEqual(JSON.parse(zodAnswer(schema, value)));
    }
  });

  it('never writes a key the contract does not name, at any depth', () => {
    const withSecrets = {
      ...tenantRow,
      passwordHash: 'argon2-secret',
      tokenHash: 'token-secret',
    };
    const text = compiledAnswer(z.array(tenantSchema), [withSecrets]);
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual([tenantRow]);
    const mixedText = compiledAnswer(mixed, mixedRow);
    expect(mixedText).not.toContain('hidden');
    expect(mixedText).not.toContain('secret');
    expect(mixedText).not.toContain('not this branch');
  });

  it('falls back to zod when a value is not what the schema says, so the error is zod’s', () => {
    const serialize = compiledSerializerCompiler({ schema: tenantSchema, method: 'GET', url: '/test' });
    expect(() => serialize({ ...tenantRow, createdAt: new Date() })).toThrow(/Response doesn't match/);
    expect(() => serialize({ ...tenantRow, name: undefined })).toThrow(/Response doesn't match/);
    expect(() => compileWrite(z.int())(1.5)).toThrow();
  });

  it('writes the contract schemas the lists answer with no help from zod', () => {
    // A schema the writer hands to zod answers the same, but slower: the list rows must compile fully.
    for (const schema of [tenantSchema, userSchema, auditEventSchema]) {
      const shape = Object.values(schema.shape);
      expect(shape.every((field) => !['union', 'pipe', 'transform'].includes(field._zod.def.type))).toBe(
        true,
      );
    }
  });

  it('serves a route: an extra property on a row is not sent', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiledSerializerCompiler);
    // Typed as the contract's row, as a service's row with more columns than the contract would be.
    const rowWithHash = { ...tenantRow, passwordHash: 'argon2-secret' };
    app.get('/rows', { schema: { response: { 200: z.array(tenantSchema) } } }, () => [rowWithHash]);
    const res = await app.inject({ method: 'GET', url: '/rows' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('passwordHash');
    expect(res.json()).toEqual([tenantRow]);
    await app.close();
  });
});
