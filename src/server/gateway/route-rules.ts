import type { FieldIssue } from '../../contract/errors';
import { routeMethods, type RouteFields } from '../../contract/gateway';
import { badRequest } from '../errors';

/*
 * The rules of a route's own fields (docs/gateway.md). The schema already bounds lengths and method
 * names; these are the rules it cannot say. Each problem names its field.
 */

/** A literal path segment, or a `{param}` placeholder. */
const SEGMENT = /^(?:[A-Za-z0-9\-_.~]+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'Must start with /';
  if (path === '/') return undefined;
  if (path.endsWith('/')) return 'Must not end with /';
  if (path.includes('//')) return 'Must not contain //';
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '.' || s === '..')) return 'Must not contain . or .. segments';
  const bad = segments.find((s) => !SEGMENT.test(s));
  if (bad !== undefined)
    return `Invalid segment "${bad}": use letters, digits, - _ . ~ or a {param} placeholder`;
  const params = segments.filter((s) => s.startsWith('{'));
  if (new Set(params).size !== params.length) return 'A {param} placeholder appears twice';
  return undefined;
}

function isHost(value: string): boolean {
  const [host, port, ...rest] = value.split(':');
  if (rest.length > 0 || !host || host.length > 253) return false;
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    return false;
  }
  return host.split('.').every((label) => HOST_LABEL.test(label));
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
    if (url.username || url.password) return 'Must not carry credentials';
    if (url.search || url.hash) return 'Must not carry a query or fragment';
    return undefined;
  }
  return isHost(target) ? undefined : 'Must be an http(s) URL or a host name with an optional port';
}

/** Checks a route's fields; answers them with the methods in the contract's order. */
export function checkRouteFields(fields: RouteFields): RouteFields {
  const issues: FieldIssue[] = [];
  const path = pathProblem(fields.path);
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
