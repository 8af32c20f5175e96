import { expect, it } from 'vitest';
import type { Plan, PlatformDocument } from '../../contract/config-doc';
import { eq, isNull } from 'drizzle-orm';
import { seedDemoData } from '../demo/demo-data';
import { microfrontendDeployments, microfrontends } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';

/** The platform document: a plan of an edited export holds exactly its edits, and applies through approvals. */

interface Slot {
  slug: string;
  environment: 'development' | 'uat' | 'production';
  slot: 'blue' | 'green';
}

function edited(doc: PlatformDocument, slot: Slot): PlatformDocument {
  const copy: PlatformDocument = structuredClone(doc);
  const withTemplates = copy.spec.capabilities.find((c) => c.notificationTemplates.length > 0);
  const withChecks = copy.spec.microfrontends.find((m) => m.slug === slot.slug);
  const [mfe] = copy.spec.microfrontends;
  if (!withTemplates || !withChecks || !mfe) throw new Error('demo data changed');
  withTemplates.description = 'Edited by a plan';
  const [template] = withTemplates.notificationTemplates;
  if (template) template.content = `${template.content} (edited)`;
  withTemplates.notificationTemplates.push({
    name: 'Plan template',
    language: 'fr',
    deliveryChannel: 'inapp',
    subject: null,
    content: 'Bonjour',
    variables: [],
    status: 'active',
  });
  copy.spec.capabilities.push({
    name: 'Planned Capability',
    description: null,
    version: '1.0.0',
    status: 'available',
    endpoint: null,
    category: 'Platform',
    configurationSchema: { type: 'object' },
    supportsNotificationTemplates: false,
    notificationTemplates: [],
    healthChecks: [],
  });
  mfe.versions.push({
    version: '99.0.0',
    status: 'draft',
    entryUrl: 'https://cdn.example.com/x/99.0.0/remoteEntry.js',
    moduleType: 'module-federation',
    exposedModules: ['./App'],
    sharedDependencies: null,
    defaultConfig: null,
    buildMetadata: null,
    integrityHash: null,
  });
  withChecks.healthChecks.push({
    environment: slot.environment,
    slot: slot.slot,
    url: 'https://health.example.com/planned',
    intervalSeconds: 30,
  });
  copy.spec.microfrontends.push({
    slug: 'planned-mfe',
    name: 'Planned MFE',
    description: null,
    repository: null,
    versions: [{ ...mfe.versions[mfe.versions.length - 1]!, version: '0.1.0', status: 'draft' }],
    healthChecks: [],
  });
  copy.spec.approvalPolicy.development = 1;
  return copy;
}

describeApi(
  'configuration as code: the platform',
  (ctx) => {
    const client = changeRequestClient(ctx);
    const plan = async (document: object) => {
      const res = await client.call('POST', '/api/plans', { document });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Plan>();
    };
    const exported = async (): Promise<PlatformDocument> =>
      (
        await ctx().inject({
          method: 'GET',
          url: '/api/platform/export',
          headers: { accept: 'application/json' },
        })
      ).json();

    const deployedSlot = async (): Promise<Slot> => {
      const [row] = await ctx()
        .db.select({
          slug: microfrontends.slug,
          environment: microfrontendDeployments.environment,
          slot: microfrontendDeployments.slot,
        })
        .from(microfrontendDeployments)
        .innerJoin(microfrontends, eq(microfrontends.id, microfrontendDeployments.microfrontendId))
        .where(isNull(microfrontendDeployments.healthCheckUrl))
        .limit(1);
      if (!row) throw new Error('demo data changed');
      return row;
    };

    it('plans exactly the edits of an edited platform export, and applies them through approvals', async () => {
      const doc = edited(await exported(), await deployedSlot());
      const planned = await plan(doc);
      expect(planned.changes.map((c) => c.change.kind)).toEqual([
        'capability.update',
        'notification_template.update',
        'notification_template.create',
        'capability.create',
        'microfrontend_version.create',
        'health_check.set',
        'microfrontend.create',
        'microfrontend_version.create',
        'approval_policy.set',
      ]);
      const res = await client.call('POST', '/api/plans/apply', { document: doc });
      expect(res.statusCode, res.body).toBe(201);
      for (const request of res.json<{ requests: { id: string }[] }>().requests) {
        const approved = await client.approve(request.id);
        expect(approved.statusCode, approved.body).toBe(200);
        expect((await client.detail(request.id)).json().status).toBe('applied');
      }
      expect((await plan(doc)).changes).toEqual([]);
      expect((await plan(await exported())).changes).toEqual([]);
    });

    it('clears an omitted health check only with prune', async () => {
      const doc = await exported();
      const owner = doc.spec.microfrontends.find((m) => m.healthChecks.length > 0);
      if (!owner) throw new Error('demo data changed');
      owner.healthChecks = [];
      const res = await client.call('POST', '/api/plans', { document: doc, prune: true });
      const pruned = res.json<Plan>();
      expect(pruned.changes).toEqual([]);
      expect(pruned.prune.map((c) => c.change.kind)).toContain('health_check.set');
      expect((await plan(doc)).changes).toEqual([]);
    });
  },
  (db) => seedDemoData(db),
);
