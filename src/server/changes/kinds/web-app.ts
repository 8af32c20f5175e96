import { eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Environment } from '../../../contract/common';
import { webAppPatchServesProduction, type WebApp } from '../../../contract/web-apps';
import type { Transaction } from '../../db/client';
import { webApps } from '../../db/schema';
import { notFound } from '../../errors';
import { updateWebApp } from '../../web-apps/service';
import { undoBy } from './inverse';
import type { ChangeHandler } from './types';

type WebAppChange = Extract<Change, { kind: 'web_app.update' }>;
type WebAppRow = typeof webApps.$inferSelect;

async function webAppRow(tx: Transaction, id: string): Promise<WebAppRow> {
  const [row] = await tx.select().from(webApps).where(eq(webApps.id, id));
  if (!row) throw notFound('Web app');
  return row;
}

/** The fields a change touches, and always where it is served from (URL and environment). */
function fieldsOf(change: WebAppChange): (keyof WebAppRow)[] {
  // Object.keys types the keys as strings; the body's keys are fields of the row it patches.
  const sent = Object.keys(change.body).filter((field) => field !== 'tenantId') as (keyof WebAppRow)[];
  return [...new Set<keyof WebAppRow>([...sent, 'url', 'environment'])];
}

const pick = (row: Partial<WebAppRow>, fields: (keyof WebAppRow)[]) =>
  Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));

/** The patch as the service stores it: an empty URL is none. */
const normalised = (change: WebAppChange): Partial<WebAppRow> => {
  const { tenantId: _tenant, ...body } = change.body;
  return body.url === undefined ? body : { ...body, url: body.url?.trim() || null };
};

/**
 * An edit of a web app that changes what production serves (its URL in production, or a move into or
 * out of it; see webAppPatchServesProduction): a production change under the tenant's policy. The
 * fingerprint is every field it touches, so an edit of the same fields meanwhile makes it stale and an
 * approval never writes back over it.
 */
export const webAppUpdate: ChangeHandler<WebAppChange, WebApp, WebApp> = {
  async target(tx, change) {
    const row = await webAppRow(tx, change.webAppId);
    const production = webAppPatchServesProduction(row, change.body);
    const environment: Environment = production ? 'production' : (change.body.environment ?? row.environment);
    return {
      scope: row.tenantId,
      environment,
      action: 'webApps',
      title: `Edit web app ${row.name} in ${environment}`,
    };
  },
  async snapshot(tx, change) {
    const row = await webAppRow(tx, change.webAppId);
    const fields = fieldsOf(change);
    const before = pick(row, fields);
    return {
      fingerprint: JSON.stringify(before),
      diff: [{ label: row.name, before, after: pick({ ...row, ...normalised(change) }, fields) }],
    };
  },
  // Judged on the locked row: only a production app's URL, or a move into or out of production, is a
  // change (under production's policy); its name, status and the like, and other environments, are not.
  gate: (change, before) => (webAppPatchServesProduction(before, change.body) ? 'production' : null),
  // The fields it sends, back to their values now (a URL of none is sent as an empty one).
  async undo(tx, change) {
    const row = await webAppRow(tx, change.webAppId);
    const sent = Object.keys(change.body).filter((field) => field !== 'tenantId');
    const values = new Map(Object.entries(row));
    const body = Object.fromEntries(
      sent.map((field) => [field, values.get(field) ?? (field === 'url' ? '' : null)]),
    );
    return undoBy([{ kind: 'web_app.update', webAppId: row.id, body }]);
  },
  apply: (tx, change, actor, direct) =>
    updateWebApp(tx, change.webAppId, change.body, actor, direct?.expected, direct?.onLocked),
};
