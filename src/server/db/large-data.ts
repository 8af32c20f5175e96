import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { firstValue } from './execute-rows';

/** How much the large-data generator writes (the defaults are the platform-team scale of issue 11). */
export interface LargeDataSizes {
  tenants: number;
  users: number;
  capabilities: number;
  configurationVersions: number;
  auditEvents: number;
  changeRequests: number;
}

export const LARGE_DATA_SIZES: LargeDataSizes = {
  tenants: 10_000,
  users: 10_000,
  capabilities: 100,
  configurationVersions: 100_000,
  auditEvents: 200_000,
  changeRequests: 50_000,
};

/**
 * Every generated row's id starts with this (subscriptions' ids contain it: sub-{tenant}-{capability}),
 * so the data is recognisable and never collides with demo ids.
 */
export const LARGE_DATA_PREFIX = 'large-';

/** Versions per subscription: 4 in development, 3 in uat, 3 in production, the last of each active. */
const VERSIONS_PER_SUBSCRIPTION = 10;
const SUBSCRIPTIONS_PER_TENANT = 5;
/** Rows per INSERT ... SELECT: large enough to be fast, small enough to keep PGlite's memory flat. */
const BATCH = 50_000;

export interface LargeDataResult {
  sizes: LargeDataSizes;
  subscriptions: number;
  profiles: number;
  milliseconds: number;
}

/**
 * Writes the large data set with set-based SQL (generate_series), in one transaction, so a database
 * either has all of it or none. Refuses a database that already holds it.
 */
export async function seedLargeData(
  db: Database,
  sizes: LargeDataSizes = LARGE_DATA_SIZES,
): Promise<LargeDataResult> {
  const started = performance.now();
  const subscriptions = Math.min(
    Math.ceil(sizes.configurationVersions / VERSIONS_PER_SUBSCRIPTION),
    sizes.tenants * Math.min(SUBSCRIPTIONS_PER_TENANT, sizes.capabilities),
  );
  await db.transaction(async (tx) => {
    const existing = await tx.execute(
      sql`select count(*)::int as n from tenants where id like ${`${LARGE_DATA_PREFIX}%`}`,
    );
    if (Number(firstValue(existing, 'n') ?? 0) > 0) {
      throw new Error('This database already holds the large data set: start from a fresh database.');
    }
    for (const statement of largeDataStatements(sizes, subscriptions)) {
      await tx.execute(sql.raw(statement));
    }
  });
  return {
    sizes,
    subscriptions,
    profiles: sizes.users,
    milliseconds: Math.round(performance.now() - started),
  };
}

/* The generated rows' SQL: numbers are interpolated (never user input), so sql.raw is safe here. */

const p = LARGE_DATA_PREFIX;
const pad = (expr: string, width: number) => `lpad((${expr})::text, ${width}, '0')`;
const tenantId = (expr: string) => `'${p}t-' || ${pad(expr, 5)}`;
const capabilityId = (expr: string) => `'${p}cap-' || ${pad(expr, 3)}`;
const userId = (expr: string) => `'${p}u-' || ${pad(expr, 5)}`;
/**
 * subscriptionIdFor of the contract, in SQL: the id the API derives from a tenant and a capability and
 * expects to find (creating a version of a subscription with any other id collides with it: 409).
 */
const subscriptionId = (tenant: string, capability: string) => `'sub-' || ${tenant} || '-' || ${capability}`;
const pick = (values: string[], index: string) =>
  `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + (${index}) % ${values.length}]`;
const companies = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Cyberdyne'];
const surnames = ['Lovelace', 'Hopper', 'Turing', 'Liskov', 'Knuth', 'Ritchie', 'Hamilton', 'Dijkstra'];
const categories = ['identity', 'payments', 'messaging', 'storage', 'analytics', 'search'];

/** One statement per batch of BATCH rows, 1..total. */
function batches(total: number, build: (from: number, to: number) => string): string[] {
  const statements: string[] = [];
  for (let from = 1; from <= total; from += BATCH)
    statements.push(build(from, Math.min(total, from + BATCH - 1)));
  return statements;
}

/** Tenants, users, and one profile per user. */
function peopleStatements(sizes: LargeDataSizes): string[] {
  return [
    ...batches(
      sizes.tenants,
      (from, to) => `
    insert into tenants (id, name, description, status, owner, allowed_regions, created_at)
    select ${tenantId('i')},
           ${pick(companies, 'i')} || ' ' || ${pad('i', 5)},
           'Generated tenant ' || i,
           case when i % 10 = 0 then 'inactive' else 'active' end,
           'owner' || i || '@large.example.com',
           array['us-east-1', 'eu-west-1'],
           now() - make_interval(mins => i)
    from generate_series(${from}, ${to}) as i`,
    ),
    ...batches(
      sizes.users,
      (from, to) => `
    insert into users (id, email, name, global_role, status, created_at)
    select ${userId('i')},
           'user' || ${pad('i', 5)} || '@large.example.com',
           ${pick(surnames, 'i')} || ' ' || ${pad('i', 5)},
           'user',
           case when i % 20 = 0 then 'inactive' else 'active' end,
           now() - make_interval(mins => i)
    from generate_series(${from}, ${to}) as i`,
    ),
    ...batches(
      sizes.users,
      (from, to) => `
    insert into user_profiles (id, user_id, tenant_id, role, display_name, job_title, status)
    select '${p}p-' || ${pad('i', 5)}, ${userId('i')}, ${tenantId(`(i - 1) % ${sizes.tenants} + 1`)},
           ${pick(['owner', 'admin', 'developer', 'member'], 'i')},
           ${pick(surnames, 'i')} || ' ' || ${pad('i', 5)}, 'Engineer', 'active'
    from generate_series(${from}, ${to}) as i`,
    ),
  ];
}

/** Capabilities, tenants' subscriptions to them, and the subscriptions' configuration versions. */
function capabilityStatements(sizes: LargeDataSizes, subscriptions: number): string[] {
  // Subscription s belongs to tenant ((s-1) / 5) + 1 and to capability ((tenant + 20 * k) % n) + 1, k = (s-1) % 5,
  // so no tenant subscribes to one capability twice.
  const perTenant = Math.min(SUBSCRIPTIONS_PER_TENANT, sizes.capabilities);
  const subTenant = `((s - 1) / ${perTenant} + 1)`;
  const subCapability = `((${subTenant} + ${Math.max(1, Math.floor(sizes.capabilities / perTenant))} * ((s - 1) % ${perTenant})) % ${sizes.capabilities} + 1)`;
  return [
    `
    insert into capabilities (id, name, description, version, status, category)
    select ${capabilityId('i')}, 'Capability ' || ${pad('i', 3)}, 'Generated capability ' || i, '1.' || (i % 10) || '.0',
           'available', ${pick(categories, 'i')}
    from generate_series(1, ${sizes.capabilities}) as i`,
    ...batches(
      subscriptions,
      (from, to) => `
    insert into capability_subscriptions (id, tenant_id, capability_id, environment, region, status)
    select ${subscriptionId(tenantId(subTenant), capabilityId(subCapability))}, ${tenantId(subTenant)}, ${capabilityId(subCapability)},
           'development', 'us-east-1', 'active'
    from generate_series(${from}, ${to}) as s`,
    ),
    // Version j of a subscription: j 1-4 development (numbers 1-4), 5-7 uat (1-3), 8-10 production (1-3).
    ...batches(
      Math.min(sizes.configurationVersions, subscriptions * VERSIONS_PER_SUBSCRIPTION),
      (from, to) => `
    insert into capability_subscription_versions
      (id, subscription_id, tenant_id, capability_id, environment, region, version, configuration, status, is_active, created_at, created_by)
    select '${p}v-' || ${pad('n', 7)}, ${subscriptionId(tenantId(subTenant), capabilityId(subCapability))},
           ${tenantId(subTenant)}, ${capabilityId(subCapability)},
           case when j <= 4 then 'development' when j <= 7 then 'uat' else 'production' end,
           'us-east-1',
           case when j <= 4 then j when j <= 7 then j - 4 else j - 7 end,
           '{"replicas": ' || j || ', "logLevel": "info", "features": {"beta": ' || (j % 2 = 0) || '}}',
           case when j in (4, 7, 10) then 'active' else 'inactive' end,
           j in (4, 7, 10),
           now() - make_interval(mins => ${VERSIONS_PER_SUBSCRIPTION + 1} - j),
           'user00001@large.example.com'
    from (select n, (n - 1) / ${VERSIONS_PER_SUBSCRIPTION} + 1 as s, (n - 1) % ${VERSIONS_PER_SUBSCRIPTION} + 1 as j
          from generate_series(${from}, ${to}) as n) as v`,
    ),
  ];
}

/** Audit events spread over tenants and users. */
function auditStatements(sizes: LargeDataSizes): string[] {
  const actions = [
    'tenant.create',
    'tenant.update',
    'configuration-version.create',
    'user.update',
    'auth.login',
  ];
  const resources = ['tenant', 'tenant', 'configuration-version', 'user', 'session'];
  return batches(
    sizes.auditEvents,
    (from, to) => `
    insert into audit_events (id, actor_id, actor_email, action, resource_type, resource_id, tenant_id, changes, ip, created_at)
    select '${p}a-' || ${pad('i', 6)}, ${userId(`i % ${sizes.users} + 1`)}, 'user' || ${pad(`i % ${sizes.users} + 1`, 5)} || '@large.example.com',
           ${pick(actions, 'i')}, ${pick(resources, 'i')}, ${tenantId(`i % ${sizes.tenants} + 1`)},
           ${tenantId(`i % ${sizes.tenants} + 1`)}, '{"status":{"from":"inactive","to":"active"}}', '10.0.0.' || (i % 250 + 1),
           now() - make_interval(secs => i)
    from generate_series(${from}, ${to}) as i`,
  );
}

/**
 * Closed change requests (applied, rejected, cancelled: nothing for the scheduler to pick up), each an
 * approval-policy change of a tenant's environment, newest last.
 */
function changeRequestStatements(sizes: LargeDataSizes): string[] {
  const tenant = tenantId(`i % ${sizes.tenants} + 1`);
  const status = pick(['applied', 'applied', 'rejected', 'cancelled'], 'i');
  const requests = batches(
    sizes.changeRequests,
    (from, to) => `
    insert into change_requests (id, tenant_id, environment, kind, title, status,
      required_approvals, requested_by_id, requested_by, created_at, updated_at, applied_at)
    select '${p}cr-' || ${pad('i', 6)}, ${tenant}, ${pick(['development', 'uat', 'production'], 'i')},
           'approval_policy.set', 'Approvals for ' || ${tenant}, ${status}, 1,
           ${userId(`i % ${sizes.users} + 1`)}, 'user' || ${pad(`i % ${sizes.users} + 1`, 5)} || '@large.example.com',
           now() - make_interval(mins => ${sizes.changeRequests} - i), now() - make_interval(mins => ${sizes.changeRequests} - i),
           now() - make_interval(mins => ${sizes.changeRequests} - i)
    from generate_series(${from}, ${to}) as i`,
  );
  const items = batches(
    sizes.changeRequests,
    (from, to) => `
    insert into change_request_items (change_request_id, position, kind, tenant_id, environment, title, change,
      diff, base_fingerprint, state)
    select '${p}cr-' || ${pad('i', 6)}, 0, 'approval_policy.set', ${tenant},
           ${pick(['development', 'uat', 'production'], 'i')}, 'Approvals for ' || ${tenant},
           jsonb_build_object('kind', 'approval_policy.set', 'tenantId', ${tenant},
             'body', jsonb_build_object('requiredApprovals', 1 + i % 2)),
           jsonb_build_array(jsonb_build_object('label', 'Required approvals', 'before', i % 2, 'after', 1 + i % 2)),
           'large', case when ${status} = 'applied' then 'applied' else 'pending' end
    from generate_series(${from}, ${to}) as i`,
  );
  return [...requests, ...items];
}

/** Every statement of the generated data, in order, then statistics for the planner. */
function largeDataStatements(sizes: LargeDataSizes, subscriptions: number): string[] {
  return [
    ...peopleStatements(sizes),
    ...capabilityStatements(sizes, subscriptions),
    ...auditStatements(sizes),
    ...changeRequestStatements(sizes),
    'analyze',
  ];
}
