import { expect, it } from 'vitest';
import { gatewayPaths, opaPolicySchema, type OpaPolicy } from '../../contract/gateway';
import { capabilitySubscriptions } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals, insertGatewayFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const BASE = gatewayPaths.policies('tenant-001');
const REGO = `package tenants.acme.orders

import rego.v1

# Orders are readable by their owner.
default allow := false

allow if {
  input.method == "GET"
  input.user == data.owners[input.order]
}
`;
const policy = (extra: object = {}) => ({
  capabilityId: 'api-001',
  environment: 'production',
  name: 'Order access',
  description: 'Who reads orders',
  policyType: 'authz',
  policyContent: REGO,
  enabled: true,
  ...extra,
});

describeApi(
  'OPA policies',
  (ctx) => {
    const create = (payload: object, headers: Record<string, string> = {}) =>
      ctx().inject({ method: 'POST', url: BASE, payload, headers });
    const edit = (lineageId: string, payload: object, ifMatch?: string) =>
      ctx().inject({
        method: 'POST',
        url: `${BASE}/${lineageId}/versions`,
        payload,
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      });
    const withoutContext = (p: ReturnType<typeof policy>) => {
      const { capabilityId: _c, environment: _e, ...rest } = p;
      return rest;
    };

    it('creates version 1, active, createdBy from the session', async () => {
      const res = await create(policy({ createdBy: 'mallory@example.com' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(opaPolicySchema.parse(res.json())).toMatchObject({
        name: 'Order access',
        policyType: 'authz',
        enabled: true,
        version: 1,
        latestVersion: 1,
        isActive: true,
        createdBy: 'test-admin@example.com',
      });
    });

    it('checks the Rego on save: 400 on body.policyContent, each problem with its line and column', async () => {
      const cases: [string, number, number, string][] = [
        ['allow := true\n', 1, 1, 'rego_parse_error: package expected'],
        ['# only a comment\n\nimport rego.v1\npackage late\n', 3, 1, 'package expected'],
        ['package\n', 2, 1, 'unexpected eof token'],
        ['package tenants.9lives\n', 1, 17, 'illegal number format'],
        ['package tenants.acme.if\n', 1, 1, 'not a keyword'],
        ['package data.acme\n', 1, 1, 'must not start with "data"'],
        ['package a\n\nallow if {\n  input.x == 1\n', 5, 1, 'unexpected eof token'],
        ['package a\n\nallow if {\n  input.x == [1, 2)\n}\n', 4, 19, 'unexpected ) token'],
        ['package a\n\nallow if input.x == 1 }\n', 3, 23, 'unexpected } token'],
        ['package a\n\nmsg := "unterminated\nallow := true\n', 3, 8, 'non-terminated string'],
        ['package a\n\nraw := `never closed\n', 3, 8, 'non-terminated string'],
        ['package a\n\nallow {\n  input.x == 1\n}\n', 3, 1, '`if` keyword is required before rule body'],
        ['package a\n\nallow if {\n  x > 1\n}\n', 4, 3, 'rego_unsafe_var_error: var x is unsafe'],
      ];
      for (const [content, line, column, text] of cases) {
        const res = await create(policy({ policyContent: content, name: `bad ${line}` }));
        expect(res.statusCode, content).toBe(400);
        const [issue] = res.json().issues;
        expect(issue.path, content).toBe('body.policyContent');
        expect([issue.line, issue.column], content).toEqual([line, column]);
        expect(issue.message, content).toContain(text);
        expect(issue.message, content).toMatch(new RegExp(`^Line ${line}, column ${column}: `));
        expect(res.json().message, content).toContain(`line ${line}, column ${column}`);
      }
    });

    it('ignores brackets and quotes inside comments and strings', async () => {
      const content = [
        'package tenants.acme.tricky',
        '',
        '# a comment with { [ ( and a " quote',
        'msg := "braces } ] ) and an escaped \\" quote"',
        'raw := `multi',
        'line } raw`',
        'allow if { input.x == msg }',
      ].join('\n');
      expect((await create(policy({ policyContent: content, name: 'Tricky' }))).statusCode).toBe(201);
    });

    it('refuses bad fields with a 400 naming them', async () => {
      const cases: [object, string][] = [
        [policy({ name: '' }), 'body.name'],
        [policy({ policyType: 'firewall' }), 'body.policyType'],
        [policy({ policyContent: '' }), 'body.policyContent'],
        [policy({ enabled: 'yes' }), 'body.enabled'],
        [policy({ environment: 'qa' }), 'body.environment'],
      ];
      for (const [payload, field] of cases) {
        const res = await create(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('two active, enabled policies of a tenant and environment may not declare one package (409)', async () => {
      const clash = await create(policy({ name: 'Copy' }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(
        'Package tenants.acme.orders is already declared by the active policy "Order access" of this tenant in production',
      );
      // A policy that is not enabled is not served, so it does not clash; enabling it does.
      const draft = await create(policy({ name: 'Draft copy', enabled: false }));
      expect(draft.statusCode, draft.body).toBe(201);
      const draftPolicy = draft.json() as OpaPolicy;
      const enable = await edit(draftPolicy.lineageId, withoutContext(policy({ name: 'Draft copy' })), '"1"');
      expect(enable.statusCode).toBe(409);
      const renamed = await edit(
        draftPolicy.lineageId,
        withoutContext(policy({ name: 'Draft copy', policyContent: 'package tenants.acme.orders_v2\n' })),
        '"1"',
      );
      expect(renamed.statusCode, renamed.body).toBe(201);
      expect(renamed.json()).toMatchObject({ version: 2, enabled: true });
      // Re-activating version 1 (disabled, same package) is allowed: it is not served.
      expect(
        (await ctx().inject({ method: 'POST', url: `${BASE}/versions/${draftPolicy.id}/activate` }))
          .statusCode,
      ).toBe(200);
    });

    it('edits, history, If-Match, disable and delete as for routes', async () => {
      const created = (
        await create(
          policy({
            name: 'Rate rules',
            policyType: 'rate-limit',
            policyContent: 'package tenants.acme.rates\n',
          }),
        )
      ).json() as OpaPolicy;
      const second = await edit(
        created.lineageId,
        withoutContext(
          policy({
            name: 'Rate rules',
            policyType: 'rate-limit',
            policyContent: 'package tenants.acme.rates\n\nlimit := 10\n',
          }),
        ),
        '"1"',
      );
      expect(second.statusCode, second.body).toBe(201);
      const stale = await edit(
        created.lineageId,
        withoutContext(policy({ policyContent: 'package x\n' })),
        '"1"',
      );
      expect(stale.statusCode).toBe(412);
      expect(stale.json().current).toMatchObject({ version: 2, name: 'Rate rules' });
      const history = await ctx().get(`${BASE}/${created.lineageId}/versions?limit=1`);
      expect(history.headers['x-total-count']).toBe('2');
      expect(history.headers.etag).toBe('"2"');
      expect(history.json().map((p: OpaPolicy) => p.version)).toEqual([2]);
      const disabled = await ctx().inject({ method: 'POST', url: `${BASE}/${created.lineageId}/disable` });
      expect(disabled.json()).toMatchObject({ isActive: false, version: 2 });
      const list = await ctx().get(`${BASE}?environment=production&q=rate`);
      expect(list.json().map((p: OpaPolicy) => [p.name, p.isActive, p.latestVersion])).toEqual([
        ['Rate rules', false, 2],
      ]);
      expect((await ctx().inject({ method: 'DELETE', url: `${BASE}/${created.lineageId}` })).statusCode).toBe(
        204,
      );
      expect((await ctx().get(`${BASE}/${created.lineageId}/versions`)).statusCode).toBe(404);
    });

    it('members read, developers write', async () => {
      const member = await sessionCookieFor(ctx().db, {
        id: 'p-member',
        email: 'pm@a.io',
        roles: { 'tenant-001': 'member' },
      });
      expect(
        (
          await ctx().inject({
            method: 'GET',
            url: `${BASE}?environment=production`,
            headers: { cookie: member },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await create(policy({ name: 'x', policyContent: 'package m\n' }), { cookie: member })).statusCode,
      ).toBe(403);
      const developer = await sessionCookieFor(ctx().db, {
        id: 'p-dev',
        email: 'pd@a.io',
        roles: { 'tenant-001': 'developer' },
      });
      expect(
        (await create(policy({ name: 'x', policyContent: 'package d\n' }), { cookie: developer })).statusCode,
      ).toBe(201);
    });

    /** tenant-003 subscribes to api-001 in production too, so both tenants may write policies there. */
    const otherTenant = async () => {
      await ctx()
        .db.insert(capabilitySubscriptions)
        .values({
          id: 'sub-tenant-003-api-001',
          tenantId: 'tenant-003',
          capabilityId: 'api-001',
          environment: 'production',
          region: 'us-east-1',
        })
        .onConflictDoNothing();
      const base = gatewayPaths.policies('tenant-003');
      return {
        create: (payload: object) => ctx().inject({ method: 'POST', url: base, payload }),
        edit: (lineageId: string, payload: object) =>
          ctx().inject({ method: 'POST', url: `${base}/${lineageId}/versions`, payload }),
      };
    };
    const overlap = (pkg: string, tail: string) =>
      `The package ${pkg} overlaps a package another tenant uses: choose a package under a name of your own, e.g. tenants.tenant_001.${tail}`;

    it("refuses a package another tenant's policy uses, contains or lies inside (409, naming nobody)", async () => {
      const initech = await otherTenant();
      const shared = await initech.create(
        policy({ name: 'Shared', policyContent: 'package shared.authz\n' }),
      );
      expect(shared.statusCode, shared.body).toBe(201);
      const clashes: [string, string][] = [
        ['shared.authz', 'authz'],
        ['shared', 'shared'],
        ['shared.authz.read', 'read'],
      ];
      for (const [pkg, tail] of clashes) {
        const res = await create(policy({ name: `Clash ${pkg}`, policyContent: `package ${pkg}\n` }));
        expect(res.statusCode, pkg).toBe(409);
        expect(res.json().message, pkg).toBe(overlap(pkg, tail));
        expect(res.json().message, pkg).not.toMatch(/tenant-003|Initech/);
      }
      // Segment by segment: shared.authzx shares characters, not a segment.
      const sibling = await create(policy({ name: 'Sibling', policyContent: 'package shared.authzx\n' }));
      expect(sibling.statusCode, sibling.body).toBe(201);
      // An older version counts as much as the active one, and a disabled policy as an enabled one.
      const moved = await initech.edit(
        (shared.json() as OpaPolicy).lineageId,
        withoutContext(
          policy({ name: 'Shared', enabled: false, policyContent: 'package initech_own.authz\n' }),
        ),
      );
      expect(moved.statusCode, moved.body).toBe(201);
      expect(
        (await create(policy({ name: 'Late', policyContent: 'package shared.authz\n' }))).statusCode,
      ).toBe(409);
      expect(
        (await create(policy({ name: 'Late', policyContent: 'package initech_own\n' }))).statusCode,
      ).toBe(409);
      // Editing into another tenant's package is refused like creating it.
      const editInto = await edit(
        (sibling.json() as OpaPolicy).lineageId,
        withoutContext(policy({ name: 'Sibling', policyContent: 'package initech_own.authz.more\n' })),
      );
      expect(editInto.statusCode).toBe(409);
      // The tenant itself may reuse its own package: a second, disabled policy of it, and its next version.
      const again = await initech.create(
        policy({ name: 'Shared draft', enabled: false, policyContent: 'package shared.authz\n' }),
      );
      expect(again.statusCode, again.body).toBe(201);
    });

    it('keeps the bundle data root to the console: no package under resource_manager (409)', async () => {
      for (const pkg of ['resource_manager', 'resource_manager.tenant_002.production']) {
        const res = await create(policy({ name: `Data ${pkg}`, policyContent: `package ${pkg}\n` }));
        expect(res.statusCode, pkg).toBe(409);
        expect(res.json().message, pkg).toContain(
          'overlaps the bundle data the console serves under resource_manager',
        );
      }
    });

    it('of two tenants saving one package at once, exactly one wins', async () => {
      const initech = await otherTenant();
      const content = { name: 'Race', policyContent: 'package race.authz\n' };
      const results = await Promise.all([create(policy(content)), initech.create(policy(content))]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertGatewayFixtures(db);
  },
);
