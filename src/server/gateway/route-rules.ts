import type { FieldIssue } from '../../contract/errors';
import { routeMethods, routePathProblem, type RouteFields } from '../../contract/gateway';
import { badRequest } from '../errors';

/*
 * The rules of a route's own fields (docs/gateway.md). The schema already bounds lengths and method
 * names, and checks the path (routePathProblem, which the route form shares); these are the rules it
 * cannot say, and the path again for callers that skip the schema. Each problem names its field.
 */

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** A DNS host name (which covers IPv4): Kong refuses `_`, `!`, empty labels and the like. */
const isHostName = (host: string): boolean =>
  host.length > 0 && host.length <= 253 && host.split('.').every((label) => HOST_LABEL.test(label));

function isHost(value: string): boolean {
  const [host, port, ...rest] = value.split(':');
  if (rest.length > 0 || host === undefined) return false;
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    return false;
  }
  return isHostName(host);
}

function targetProblem(target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return 'Not a valid URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'A URL must use http or https';
    if (!url.hostname) return 'The URL has no host';
    // The URL parser lower-cases and punycodes names but keeps what Kong refuses (`a_b`, `a!b`).
    if (!url.hostname.startsWith('[') && !isHostName(url.hostname)) return 'The URL host is not a host name';
    if (url.port === '0') return 'The port must be from 1 to 65535';
    if (url.username || url.password) return 'Must not carry credentials';
    if (url.search || url.hash) return 'Must not carry a query or fragment';
    return undefined;
  }
  return isHost(target) ? undefined : 'Must be an http(s) URL or a host name with an optional port';
}

/** Checks a route's fields; answers them with the methods in the contract's order. */
export function checkRouteFields(fields: RouteFields): RouteFields {
  const issues: FieldIssue[] = [];
  const path = routePathProblem(fields.path);
  if (path) issues.push({ path: 'body.path', message: path });
  const duplicated = fields.methods.filter((m, i) => fields.methods.indexOf(m) !== i);
  if (duplicated.length > 0) {
    issues.push({ path: 'body.methods', message: `Listed twice: ${[...new Set(duplicated)].join(', ')}` });
  }
  const target = targetProblem(fields.targetService);
  if (target) issues.push({ path: 'body.targetService', message: target });
  if (issues.length > 0) {
    throw badRequest(issues.map((i) => `${i.path.slice('body.'.length)}: ${i.message}`).join('; '), issues);
  }
  return { ...fields, methods: routeMethods.filter((m) => fields.methods.includes(m)) };
}

/** The URL Kong proxies to: a bare host[:port] target means plain http. */
export function targetUrl(target: string): string {
  return /^https?:\/\//i.test(target) ? target : `http://${target}`;
}
