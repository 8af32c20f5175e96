import { eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import { tenantFieldsPatchSchema, type Tenant } from '../../../contract/tenants';
import type { Transaction } from '../../db/client';
import { tenants } from '../../db/schema';
import { notFound } from '../../errors';
import { updateTenant } from '../../tenants/service';
import { undoBy } from './inverse';
import { UNPLACED_ENVIRONMENT } from './placement';
import type { ChangeHandler } from './types';

type TenantChange = Extract<Change, { kind: 'tenant.update' }>;
type TenantRow = typeof tenants.$inferSelect;
type Field = Exclude<keyof TenantChange['body'], 'confirmWidening'>;

const isField = (key: string): key is Field =>
  key !== 'confirmWidening' && key in tenantFieldsPatchSchema.shape;
/** Every field the kind may set, in the schema's order (the two gateway settings are another kind's). */
const FIELDS = Object.keys(tenantFieldsPatchSchema.shape).filter(isField);

async function tenantRow(tx: Transaction, tenantId: string): Promise<TenantRow> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row;
}

const sentFields = (change: TenantChange) => FIELDS.filter((field) => change.body[field] !== undefined);

/** A value as the service stores it: empty text is none. */
const stored = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * A tenant's own fields (name, owner, status, environments, identity, data governance, regions): every
 * field of PATCH /api/tenants/:id but the gateway settings. The direct PATCH stays a direct write; a
 * plan files this kind. A tenant lives in no environment, so it is filed under UNPLACED_ENVIRONMENT.
 * The fingerprint is every field the kind may set, so any edit of them meanwhile makes it stale.
 */
export const tenantUpdate: ChangeHandler<TenantChange, Tenant> = {
  async target(tx, change) {
    const row = await tenantRow(tx, change.tenantId);
    return {
      scope: change.tenantId,
      environment: UNPLACED_ENVIRONMENT,
      action: 'configure',
      title: `Edit tenant ${row.name}: ${sentFields(change).join(', ') || 'no fields'}`,
    };
  },
  async snapshot(tx, change) {
    const row = await tenantRow(tx, change.tenantId);
    return {
      fingerprint: JSON.stringify(FIELDS.map((field) => row[field] ?? null)),
      diff: sentFields(change).map((field) => ({
        label: field,
        before: row[field] ?? null,
        after: stored(change.body[field]) ?? null,
      })),
    };
  },
  // The fields it sends, back to their values now; a region rule it narrows comes back wider, so the
  // inverse confirms the widening it makes.
  async undo(tx, change) {
    const row = await tenantRow(tx, change.tenantId);
    const body = Object.fromEntries(sentFields(change).map((field) => [field, row[field] ?? null]));
    return undoBy([{ kind: 'tenant.update', tenantId: row.id, body: { ...body, confirmWidening: true } }]);
  },
  apply: (tx, change, actor) => updateTenant(tx, change.tenantId, change.body, actor),
};
