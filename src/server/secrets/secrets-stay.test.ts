import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Plan, TenantDocument } from '../../contract/config-doc';
import { auditEvents, tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, productionConfigurationChange, SECOND_ADMIN } from '../test/change-requests';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor, TEST_ADMIN, tenantMember } from '../test/sessions';

/*
 * A secret inside a tenant's JSON settings leaves the server only as a reference (docs/security.md,
 * "Secrets in settings"): not in a plan's bodies or diffs, not in a review, not in the audit trail that
 * webhooks, chat, e-mail and the audit stream carry. Before, a plan of any other edit to the same JSON
 * answered the live secret in its change body and diff.
 */

const FIRST = 'Sup3r-first-secret';
const SECOND = 'Sup3r-second-secret';
const idp = (domain: string, clientSecret: string) =>
  JSON.stringify({ domain, clientId: 'console', clientSecret });

describeApi('secrets inside JSON settings stay on the server', (ctx) => {
  const client = changeRequestClient(ctx);
  let tenantId = '';

  const auditOf = async () => ctx().db.select().from(auditEvents).where(eq(auditEvents.tenantId, tenantId));

  it('records a tenant’s secret in the audit trail as a reference, marking a changed one', async () => {
    const created = await ctx().inject({
      method: 'POST',
      url: '/api/tenants',
      payload: {
        name: 'Secret Keepers',
        owner: 'owner@keepers.example',
        idpConfiguration: idp('a.example', FIRST),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    tenantId = created.json<{ id: string }>().id;
    const patched = await ctx().inject({
      method: 'PATCH',
      url: `/api/tenants/${tenantId}`,
      payload: { idpConfiguration: idp('b.example', SECOND) },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const events = await auditOf();
    expect(events.map((e) => e.action).sort()).toEqual(['tenant.create', 'tenant.update']);
    for (const event of events) expect(event.changes).not.toMatch(/Sup3r/);
    const update = events.find((e) => e.action === 'tenant.update');
    const { idpConfiguration } = JSON.parse(update?.changes ?? '{}');
    expect(JSON.parse(idpConfiguration.from)).toEqual({
      domain: 'a.example',
      clientId: 'console',
      clientSecret: { secretRef: 'idpConfiguration.clientSecret' },
    });
    expect(JSON.parse(idpConfiguration.to).clientSecret).toEqual({
      secretRef: 'idpConfiguration.clientSecret',
      changed: true,
    });
    // The trail's readers see what it recorded.
    const listed = await ctx().get(`/api/audit-events?tenantId=${tenantId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toMatch(/Sup3r/);
  });

  it('plans, files and reviews an edit beside a secret without showing it, and keeps it', async () => {
    const exported = await ctx().inject({
      method: 'GET',
      url: `/api/tenants/${tenantId}/export`,
      headers: { accept: 'application/json' },
    });
    expect(exported.body).not.toMatch(/Sup3r/);
    const doc = exported.json<TenantDocument>();
    doc.spec.settings.idpConfiguration = {
      ...Object(doc.spec.settings.idpConfiguration),
      domain: 'c.example',
    };

    const planned = await ctx().inject({ method: 'POST', url: '/api/plans', payload: { document: doc } });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.body).not.toMatch(/Sup3r/);
    const [change] = planned.json<Plan>().changes;
    expect(change?.change.kind).toBe('tenant.update');
    expect(JSON.stringify(change?.change)).toContain('secretRef');

    // The plan the caller reviewed is the plan apply compares with: the masked one matches.
    const filed = await ctx().inject({
      method: 'POST',
      url: '/api/plans/apply',
      payload: { document: doc, expected: planned.json<Plan>() },
    });
    expect([200, 201], filed.body).toContain(filed.statusCode);
    expect(filed.body).not.toMatch(/Sup3r/);
    if (filed.statusCode === 201) {
      const id = filed.json<{ changeRequestId: string }>().changeRequestId;
      const detail = await client.detail(id);
      expect(detail.body).toContain('c.example');
      expect(detail.body).not.toMatch(/Sup3r/);
      expect((await client.approve(id, SECOND_ADMIN)).statusCode).toBe(200);
    }

    const [row] = await ctx().db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(JSON.parse(row?.idpConfiguration ?? '{}')).toEqual({
      domain: 'c.example',
      clientId: 'console',
      clientSecret: SECOND,
    });
    for (const event of await auditOf()) expect(event.changes ?? '').not.toMatch(/Sup3r/);
  });
});

/** Who may read a resource but not change it (a member, a read-only token) sees references too. */
describeApi(
  'secrets inside JSON settings, as each reader sees them',
  (ctx) => {
    const SECRET = 'Sup3r-reader-secret';
    const as = async (auth: { cookie: string } | { authorization: string }, url: string) => {
      const res = await ctx().app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const cookie = async (role: string) => ({
      cookie: await sessionCookieFor(ctx().db, tenantMember('readers', role)),
    });
    const history = '/api/capability-subscriptions/versions/history/tenant-001/api-002/development/us-east-1';

    it('shows secrets to those who may change the resource and references to everyone else', async () => {
      const patched = await ctx().inject({
        method: 'PATCH',
        url: '/api/tenants/tenant-001',
        payload: { authConfiguration: JSON.stringify({ audience: 'console', clientSecret: SECRET }) },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const created = await ctx().inject({
        method: 'POST',
        url: '/api/capability-subscriptions/versions',
        payload: {
          subscriptionId: 'sub-tenant-001-api-002',
          tenantId: 'tenant-001',
          capabilityId: 'api-002',
          environment: 'development',
          region: 'us-east-1',
          configuration: JSON.stringify({ db: { host: 'db', password: SECRET } }),
        },
      });
      expect(created.statusCode, created.body).toBe(201);

      const member = await cookie('member');
      const readOnly = { authorization: await bearerTokenFor(ctx().db, TEST_ADMIN, { readOnly: true }) };
      for (const reader of [member, readOnly]) {
        for (const url of ['/api/tenants/tenant-001', '/api/tenants?pageSize=100', history]) {
          const body = await as(reader, url);
          expect(body).not.toContain(SECRET);
          expect(body).toContain('secretRef');
        }
      }
      // The Overview's newest tenants are whole tenants too (the member's own tenant among them).
      for (const reader of [member, readOnly])
        expect(await as(reader, '/api/overview')).not.toContain(SECRET);
      expect(await as(member, '/api/overview')).toContain('secretRef');
      // A review's diff shows a configuration parsed, as an object: its secrets are references too.
      const review = await changeRequestClient(ctx).request(
        productionConfigurationChange(JSON.stringify({ db: { host: 'db', password: SECRET } })),
      );
      for (const reader of [member, readOnly]) {
        const body = await as(reader, `/api/change-requests/${review}`);
        expect(body).not.toContain(SECRET);
        expect(body).toContain('"changed":true');
      }
      // A backup holds every secret as stored: a read-only token, even an administrator's, gets none.
      const backup = await ctx().app.inject({ method: 'GET', url: '/api/admin/backup', headers: readOnly });
      expect(backup.statusCode, backup.body).toBe(403);
      // A tenant admin configures the tenant; a developer manages configuration versions.
      const admin = await cookie('admin');
      expect(await as(admin, '/api/tenants/tenant-001')).toContain(SECRET);
      expect(await as(admin, '/api/tenants?pageSize=100')).toContain(SECRET);
      expect(await as(await cookie('developer'), history)).toContain(SECRET);
      expect(await as(await cookie('developer'), '/api/tenants/tenant-001')).not.toContain(SECRET);
      expect(await as({ cookie: ctx().adminCookie }, history)).toContain(SECRET);
    });
  },
  insertFixturesWithoutApprovals,
);
