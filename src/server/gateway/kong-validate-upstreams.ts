import { z } from 'zod';

/*
 * Kong's rules for upstreams and their targets (kong/db/schema/entities/upstreams.lua and targets.lua,
 * kong/tools/ip.lua), for kong-validate.ts; plus what this console's files promise on top: every
 * upstream is some service's host, carries the select tags, and its weights add up to 100 (they are the
 * slots' traffic percentages).
 */

const targetSchema = z.object({ target: z.string(), weight: z.number(), tags: z.array(z.string()) }).strict();
export const upstreamSchema = z
  .object({ name: z.string(), targets: z.array(targetSchema).min(1), tags: z.array(z.string()) })
  .strict();
type Upstream = z.infer<typeof upstreamSchema>;

/** The largest weight Kong takes for a target. */
const MAX_WEIGHT = 65535;

/** kong/tools/ip.lua check_hostname: `[A-Za-z0-9._-]`, no label ending in `-`, no empty label but a final one. */
function hostNameOk(name: string): boolean {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) return false;
  const labels = name.split('.');
  return !labels.some((label, i) => label.endsWith('-') || (label === '' && i !== labels.length - 1));
}

const isIpv4 = (host: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(host) && host.split('.').every((p) => Number(p) <= 255);

/** upstreams.lua validate_name: a host name, not an IP address, without a port. */
export function upstreamNameProblem(name: string): string | undefined {
  if (/^[\d.]+$/.test(name) || name.includes(':')) return `upstream name ${name} is an address, not a name`;
  return hostNameOk(name) ? undefined : `upstream name ${name} is not a host name`;
}

/** targets.lua validate_target: an IPv4, `[IPv6]` or host name, with a port (this console always sends one). */
export function targetProblem(target: string): string | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(target);
  if (!match) return `target ${target} is not host:port`;
  const [, host = '', port = ''] = match;
  if (Number(port) < 1 || Number(port) > 65535) return `target ${target}: port ${port}`;
  if (host.startsWith('[') || isIpv4(host)) return undefined;
  if (/^[\d.]+$/.test(host) || !hostNameOk(host)) return `target ${target}: invalid host ${host}`;
  return undefined;
}

function upstreamProblems(
  upstream: Upstream,
  tagProblems: (where: string, tags: string[]) => string[],
): string[] {
  const where = `upstream ${upstream.name}`;
  const name = upstreamNameProblem(upstream.name);
  const problems = name ? [name] : [];
  problems.push(...tagProblems(where, upstream.tags));
  const targets = upstream.targets.map((t) => t.target);
  for (const [i, target] of upstream.targets.entries()) {
    const problem = targetProblem(target.target);
    if (problem) problems.push(`${where}: ${problem}`);
    if (!Number.isInteger(target.weight) || target.weight < 0 || target.weight > MAX_WEIGHT) {
      problems.push(`${where}: target ${target.target} weight ${target.weight} is not 0..${MAX_WEIGHT}`);
    }
    if (targets.indexOf(target.target) !== i) problems.push(`${where}: target ${target.target} twice`);
    problems.push(...tagProblems(`${where} target ${target.target}`, target.tags));
  }
  const sum = upstream.targets.reduce((total, t) => total + t.weight, 0);
  if (sum !== 100) problems.push(`${where}: target weights add up to ${sum}, not 100`);
  return problems;
}

/**
 * Every way the file's upstreams break Kong's rules or the console's: names (unique, host names, each
 * the host of a service), targets, weights and tags. `serviceHosts` are the hosts of the file's services.
 */
export function upstreamsProblems(
  upstreams: readonly Upstream[],
  serviceHosts: readonly string[],
  tagProblems: (where: string, tags: string[]) => string[],
): string[] {
  const names = upstreams.map((u) => u.name);
  const problems = names
    .filter((n, i) => names.indexOf(n) !== i)
    .map((n) => `upstream name ${n} is used twice`);
  for (const upstream of upstreams) {
    problems.push(...upstreamProblems(upstream, tagProblems));
    if (!serviceHosts.includes(upstream.name)) {
      problems.push(`upstream ${upstream.name} is no service's host`);
    }
  }
  return problems;
}
