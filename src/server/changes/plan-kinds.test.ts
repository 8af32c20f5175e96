import { expect, it } from 'vitest';
import { changeRequestDetailSchema } from '../../contract/changes';
import type { Database } from '../db/client';
import { approvalPolicies } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import { tenantMember } from '../test/sessions';
import type { KindCase } from '../test/kind-cases';
import { meshKindCases } from '../test/kind-cases-mesh';
import { platformKindCases } from '../test/kind-cases-platform';
import { tenantKindCases } from '../test/kind-cases-tenant';

/*
 * The kinds a configuration-as-code plan files for resources whose direct endpoints need no approval
 * (docs/changes.md): each filed, approved by a second person and applied gives what its direct write
 * gives; a direct write of its target meanwhile makes it stale; a revert undoes it or says why not.
 */

const CHANGES = '/api/change-requests';

/** One approval in every environment, for tenant-001 and the platform: every change here is reviewed. */
async function prepare(db: Database): Promise<void> {
  await insertFixtures(db);
  await db.insert(approvalPolicies).values(
    ['tenant-001', null].flatMap((tenantId) =>
      (['development', 'uat', 'production'] as const).map((environment) => ({
        tenantId,
        environment,
        requiredApprovals: 1,
      })),
    ),
  );
}

describeApi(
  'change kinds of configuration as code',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const cases: Record<string, KindCase> = {
      ...tenantKindCases(ctx),
      ...meshKindCases(ctx),
      ...platformKindCases(ctx),
    };
    const table = Object.entries(cases);
    let n = 0;
    const detail = async (id: string) => changeRequestDetailSchema.parse((await cr.detail(id)).json());

    it.each(table)(
      '%s: filed, approved by another person, applies what the direct write does',
      async (_, c) => {
        const ids = await c.setup(++n);
        const id = await cr.request(c.change(ids));
        const filed = await detail(id);
        expect(filed).toMatchObject({ status: 'pending', environment: c.environment ?? 'production' });
        // Reviewers see what changes: labelled entries whose before and after differ.
        expect(filed.diff.length).toBeGreaterThan(0);
        for (const entry of filed.diff) {
          expect(entry.label).not.toBe('');
          expect(entry.before).not.toEqual(entry.after);
        }
        const approved = await cr.approve(id);
        expect(approved.statusCode, approved.body).toBe(200);
        expect(approved.json().status).toBe('applied');
        await c.direct(ids);
        expect(await c.state(ids, 'target')).toEqual(await c.state(ids, 'twin'));
      },
    );

    it.each(table)('%s: a direct write of its target meanwhile makes it stale', async (kind, c) => {
      const ids = await c.setup(++n);
      const id = await cr.request(c.change(ids));
      await cr.expectFresh(id, kind);
      await c.move(ids);
      await cr.expectStale(id, kind);
    });

    it.each(table)('%s: a revert undoes it, or says why it cannot', async (_, c) => {
      const ids = await c.setup(++n);
      const before = await c.state(ids, 'target');
      const id = await cr.request(c.change(ids));
      expect((await cr.approve(id)).json().status).toBe('applied');
      const applied = await detail(id);
      const revert = await cr.call('POST', `${CHANGES}/${id}/revert`, {});
      if (c.undo === 'restores') {
        expect(applied.changes[0]?.irreversible).toBeNull();
        expect(revert.statusCode, revert.body).toBe(201);
        expect((await cr.approve(revert.json().id)).json().status).toBe('applied');
        expect(await c.state(ids, 'target')).toEqual(before);
      } else {
        expect(applied.changes[0]?.irreversible).toMatch(c.undo);
        expect(revert.statusCode).toBe(409);
      }
    });

    it("asks for the direct endpoint's tenant action, and a global administrator for the platform", async () => {
      const developer = tenantMember('plan-kinds', 'developer');
      const ids = await cases['web_app.create']?.setup(++n);
      const asDeveloper = (change: object) => cr.call('POST', CHANGES, { change }, developer);
      expect((await asDeveloper(cases['web_app.create']?.change(ids ?? {}) ?? {})).statusCode).toBe(201);
      const tenantEdit = { kind: 'tenant.update', tenantId: 'tenant-001', body: { description: 'x' } };
      expect((await asDeveloper(tenantEdit)).statusCode).toBe(403);
      const subscribe = {
        kind: 'capability_subscription.create',
        body: { tenantId: 'tenant-001', capabilityId: 'api-003', environment: 'uat', region: 'us-east-1' },
      };
      expect((await asDeveloper(subscribe)).statusCode).toBe(403);
      // A gateway setting is another kind's: tenant.update refuses it rather than dropping it.
      const gateway = { ...tenantEdit, body: { apiGatewayConfiguration: '{}' } };
      expect((await cr.call('POST', CHANGES, { change: gateway })).statusCode).toBe(400);
    });

    it.each([
      ['tenant', ['web_app.create', 'tenant.update', 'capability_subscription.create', 'mesh.update']],
      [
        'platform',
        ['capability.update', 'notification_template.update', 'microfrontend.update', 'health_check.set'],
      ],
    ])('applies a %s release of several of them together, and reverts it as one', async (_, picked) => {
      const prepared = await Promise.all(
        picked.map(async (kind) => [cases[kind], await cases[kind]?.setup(++n)] as const),
      );
      const states = () => Promise.all(prepared.map(([c, ids]) => c?.state(ids ?? {}, 'target')));
      const before = await states();
      const changes = prepared.map(([c, ids]) => c?.change(ids ?? {}));
      const filed = await cr.call('POST', CHANGES, { changes });
      expect(filed.statusCode, filed.body).toBe(201);
      expect((await cr.approve(filed.json().id)).json().status).toBe('applied');
      const applied = await detail(filed.json().id);
      expect(applied.changes.map((c) => [c.kind, c.state])).toEqual(picked.map((kind) => [kind, 'applied']));
      if (picked.includes('web_app.create')) expect(applied.impact.webApps.count).toBe(1);
      if (picked.includes('mesh.update')) expect(applied.impact.meshes.count).toBe(1);
      if (picked.includes('health_check.set')) expect(applied.impact.slots.count).toBe(1);
      (await states()).forEach((state, i) => expect(state, picked[i]).not.toEqual(before[i]));

      const revert = await cr.call('POST', `${CHANGES}/${applied.id}/revert`, {});
      expect(revert.statusCode, revert.body).toBe(201);
      expect((await cr.approve(revert.json().id)).json().status).toBe('applied');
      expect(await states()).toEqual(before);
    });

    it('registers a microfrontend, publishes its first version and shows it in a new mesh, in one release', async () => {
      const slug = `plan-release-${++n}`;
      const filed = await cr.call('POST', CHANGES, {
        changes: [
          { kind: 'microfrontend.create', body: { slug, name: 'Released' } },
          {
            kind: 'microfrontend_version.create',
            body: {
              microfrontendSlug: slug,
              version: '1.0.0',
              entryUrl: 'https://cdn.example.com/r.js',
              exposedModules: '["./App"]',
              integrityHash: 'sha256-abc=',
            },
          },
          {
            kind: 'microfrontend_version.status',
            microfrontendSlug: slug,
            version: '1.0.0',
            status: 'published',
          },
          {
            kind: 'mesh.create',
            body: {
              tenantId: 'tenant-001',
              name: `Released mesh ${n}`,
              menuItems: JSON.stringify([
                { label: 'Home', microfrontend: slug, version: '1.0.0', config: {}, order: 0 },
              ]),
            },
          },
        ],
      });
      expect(filed.statusCode, filed.body).toBe(201);
      expect((await cr.approve(filed.json().id)).json().status).toBe('applied');
      const [mf] = (await cr.call('GET', `/api/microfrontends?q=${slug}`)).json();
      const versions = (await cr.call('GET', `/api/microfrontend-versions/microfrontend/${mf.id}`)).json();
      expect(versions).toEqual([expect.objectContaining({ version: '1.0.0', status: 'published' })]);
      const [mesh] = (
        await cr.call('GET', `/api/web-app-meshes?q=${encodeURIComponent(`Released mesh ${n}`)}`)
      ).json();
      expect(JSON.parse(mesh.menuItems)).toEqual([
        expect.objectContaining({ microfrontendVersionId: versions[0].id }),
      ]);
      const unknown = {
        kind: 'microfrontend_version.create',
        body: { microfrontendSlug: 'nope', version: '1' },
      };
      const refused = await cr.call('POST', CHANGES, { change: unknown });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues[0].path).toBe('body.change.body.microfrontendSlug');
    });

    it('registers a capability and its template in one release, the template naming it by name', async () => {
      const name = `Released capability ${++n}`;
      const template = {
        name: 'Hello',
        language: 'en',
        deliveryChannel: 'email',
        content: 'Hi',
        subject: 'Hi',
      };
      const filed = await cr.call('POST', CHANGES, {
        changes: [
          { kind: 'capability.create', body: { name, supportsNotificationTemplates: true } },
          { kind: 'notification_template.create', body: { ...template, capabilityName: name } },
        ],
      });
      expect(filed.statusCode, filed.body).toBe(201);
      expect((await cr.approve(filed.json().id)).json().status).toBe('applied');
      const [capability] = (await cr.call('GET', `/api/capabilities?q=${encodeURIComponent(name)}`)).json();
      const templates = await cr.call('GET', `/api/notification-templates/capability/${capability.id}`);
      expect(templates.json()).toEqual([
        expect.objectContaining({ name: 'Hello', capabilityId: capability.id }),
      ]);
      const unknown = { kind: 'notification_template.create', body: { ...template, capabilityName: 'Nope' } };
      const refused = await cr.call('POST', CHANGES, { change: unknown });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues[0].path).toBe('body.change.body.capabilityName');
    });
  },
  prepare,
);
