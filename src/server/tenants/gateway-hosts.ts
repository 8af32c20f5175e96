import { and, isNotNull, ne } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { tenants } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { ADVISORY_LOCKS, advisoryLock } from '../locks';

/*
 * The host names a tenant's gateway configuration declares (`"hosts": [...]` in the free-form JSON text
 * apiGatewayConfiguration, docs/gateway.md). Kong matches each tenant's routes on them, so two tenants
 * may never share one: the check is serialised by an advisory lock, since two tenants claiming one
 * host lock different tenant rows.
 */

const FIELD = 'apiGatewayConfiguration';
const MAX_HOSTS = 100;
/** A DNS label, lower-cased: Kong's route hosts take no port, and the console takes no wildcard. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const isHostName = (host: string) =>
  host.length <= 253 && host.split('.').every((label) => LABEL.test(label));

/** A `hosts` value as host names, lower-cased and each once, or what is wrong with it. */
function hostList(value: unknown): string[] | { problem: string } {
  if (!Array.isArray(value)) return { problem: 'hosts must be a list of host names' };
  if (value.length === 0) return { problem: 'hosts must list at least one host name (or be left out)' };
  if (value.length > MAX_HOSTS) return { problem: `hosts may list at most ${MAX_HOSTS} host names` };
  const hosts: string[] = [];
  for (const host of value) {
    if (typeof host !== 'string' || !isHostName(host.toLowerCase())) {
      const problem = `hosts: ${JSON.stringify(host)} is not a host name (letters, digits and -, in dot-separated labels; no port or wildcard)`;
      return { problem };
    }
    hosts.push(host.toLowerCase());
  }
  return [...new Set(hosts)];
}

/** The declared hosts ([] when none), or what is wrong with them. */
export function readGatewayHosts(text: string | null): { hosts: string[] } | { problem: string } {
  if (text === null || text.trim() === '') return { hosts: [] };
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return { problem: 'Must be valid JSON' };
  }
  if (typeof config !== 'object' || config === null || !('hosts' in config)) return { hosts: [] };
  const hosts = hostList(config.hosts);
  return Array.isArray(hosts) ? { hosts } : hosts;
}

/**
 * The hosts of stored configuration, for the Kong file: none when they break the rules (text saved
 * before the rules existed), so the tenant's routes fall back to the header match rather than fail Kong.
 */
export function storedGatewayHosts(text: string | null): string[] {
  const read = readGatewayHosts(text);
  return 'hosts' in read ? read.hosts : [];
}

/** Refuses (409) hosts another tenant's configuration declares, naming the host but not the tenant. */
async function claimGatewayHosts(tx: Transaction, tenantId: string, hosts: string[]): Promise<void> {
  if (hosts.length === 0) return;
  await advisoryLock(tx, ADVISORY_LOCKS.gatewayHosts);
  const others = await tx
    .select({ configuration: tenants.apiGatewayConfiguration })
    .from(tenants)
    .where(and(ne(tenants.id, tenantId), isNotNull(tenants.apiGatewayConfiguration)));
  const taken = new Set(others.flatMap((other) => storedGatewayHosts(other.configuration)));
  const clash = hosts.find((host) => taken.has(host));
  if (clash !== undefined) throw conflict(`Another tenant already uses host ${clash}`);
}

/**
 * Checks the gateway configuration a create or patch of `tenantId` sends (undefined: left alone), in
 * its transaction: hosts that are not host names are a 400 naming the field, hosts another tenant
 * declares a 409.
 */
export async function checkGatewayHosts(
  tx: Transaction,
  tenantId: string,
  text: string | null | undefined,
): Promise<void> {
  if (text === undefined) return;
  const read = readGatewayHosts(text);
  if ('problem' in read) {
    throw badRequest(`${FIELD}: ${read.problem}`, [{ path: `body.${FIELD}`, message: read.problem }]);
  }
  await claimGatewayHosts(tx, tenantId, read.hosts);
}
