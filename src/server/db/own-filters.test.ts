import { and, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { readsOnlyTable } from './own-filters';
import { tenants, userProfiles } from './schema';

/* Which filters landmarks may serve (landmarks.ts): only those whose kept rows depend on the table alone. */

const qb = new QueryBuilder();

describe('readsOnlyTable', () => {
  it('accepts comparisons, searches and value lists on the table’s own columns', () => {
    const filter = and(
      eq(tenants.status, 'active'),
      or(ilike(tenants.name, '%a%'), ilike(tenants.owner, '%a%')),
      inArray(tenants.id, ['t-1', 't-2']),
      isNull(tenants.description),
      sql`${tenants.createdAt} > ${new Date(0)}`,
    );
    expect(filter && readsOnlyTable(filter, tenants)).toBe(true);
  });

  it('refuses a column of another table, a subquery and raw text that selects', () => {
    const profiles = qb.select({ id: userProfiles.tenantId }).from(userProfiles);
    const refused = [
      eq(userProfiles.tenantId, 't-1'),
      and(eq(tenants.status, 'active'), inArray(tenants.id, profiles)),
      exists(profiles),
      sql`${tenants.id} in (select tenant_id from user_profiles)`,
      sql`${tenants.id} = ${sql.identifier('other')}.id`,
    ];
    for (const filter of refused) expect(filter && readsOnlyTable(filter, tenants)).toBe(false);
  });
});
