import { and, asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import { WEB_APP_DEFAULT_ENVIRONMENT, WEB_APP_DEFAULT_REGION, type WebApp } from '../../../contract/web-apps';
import type { Transaction } from '../../db/client';
import { tenants, webApps } from '../../db/schema';
import { notFound } from '../../errors';
import { createWebApp, deleteWebApp } from '../../web-apps/service';
import { inverseChanges } from './inverse';
import { irreversible, type ChangeHandler } from './types';

type CreateChange = Extract<Change, { kind: 'web_app.create' }>;
type DeleteChange = Extract<Change, { kind: 'web_app.delete' }>;

async function tenantName(tx: Transaction, tenantId: string): Promise<string> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row.name;
}

async function webAppRow(tx: Transaction, id: string) {
  const [row] = await tx.select().from(webApps).where(eq(webApps.id, id));
  if (!row) throw notFound('Web app');
  return row;
}

/** What reviewers see of an app: the fields its form edits (no ids, revision or dates). */
const shown = (app: Partial<WebApp>) => ({
  name: app.name,
  description: app.description ?? null,
  technology: app.technology,
  environment: app.environment ?? WEB_APP_DEFAULT_ENVIRONMENT,
  region: app.region ?? null,
  url: app.url?.trim() || null,
  status: app.status ?? 'provisioning',
  useStandardHeader: app.useStandardHeader ?? false,
  useStandardFooter: app.useStandardFooter ?? false,
});

/**
 * A new web app (created directly by POST /api/web-apps, which asks the policy of the app's environment
 * as a request would; a plan files it). It is filed in the environment the app is made in. Its natural
 * key is its tenant and name: the fingerprint is the ids of the apps of that name there, so one made
 * meanwhile makes the request stale rather than a second app slip in.
 */
export const webAppCreate: ChangeHandler<CreateChange, WebApp> = {
  async target(tx, { body }) {
    const tenant = await tenantName(tx, body.tenantId);
    const environment = body.environment ?? WEB_APP_DEFAULT_ENVIRONMENT;
    return {
      scope: body.tenantId,
      environment,
      action: 'webApps',
      title: `Create web app ${body.name} in ${environment} for ${tenant}`,
    };
  },
  async snapshot(tx, { body }) {
    const named = await tx
      .select({ id: webApps.id })
      .from(webApps)
      .where(and(eq(webApps.tenantId, body.tenantId), eq(webApps.name, body.name)))
      .orderBy(asc(webApps.id));
    return {
      fingerprint: JSON.stringify(named.map((row) => row.id)),
      // As the service stores it: a new app's region defaults as its environment does.
      diff: [
        {
          label: body.name,
          before: null,
          after: shown({ ...body, region: body.region ?? WEB_APP_DEFAULT_REGION }),
        },
      ],
    };
  },
  apply: (tx, { body }, actor) => createWebApp(tx, body, actor),
  // Its new id is known once it applied: the inverse deletes that app.
  undo: async () => ({
    inverse: (created) => inverseChanges([{ kind: 'web_app.delete', webAppId: created.id }]),
  }),
};

/**
 * A web app removed, in the environment it serves; the fingerprint is its revision (any edit moves it).
 * The direct DELETE asks the policy of that environment too (else deleting and re-creating a production
 * app would change what production serves with nobody else's approval), judged on the row locked for the
 * delete, so an app moved into production meanwhile is judged there.
 */
export const webAppDelete: ChangeHandler<DeleteChange, void, WebApp> = {
  async target(tx, { webAppId }) {
    const row = await webAppRow(tx, webAppId);
    return {
      scope: row.tenantId,
      environment: row.environment,
      action: 'webApps',
      title: `Delete web app ${row.name} in ${row.environment}`,
    };
  },
  async snapshot(tx, { webAppId }) {
    const row = await webAppRow(tx, webAppId);
    return {
      fingerprint: String(row.revision),
      diff: [{ label: row.name, before: shown(row), after: null }],
    };
  },
  gate: (_change, locked) => locked.environment,
  apply: (tx, { webAppId }, actor, direct) =>
    deleteWebApp(tx, webAppId, actor, direct?.expected, direct?.onLocked),
  undo: async () =>
    irreversible('A deleted web app comes back only as a new app (a new id, its status provisioning again)'),
};
