import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { configDocumentSchema, type ConfigDocument } from '../../contract/config-doc';
import type { FieldIssue } from '../../contract/errors';
import { badRequest } from '../errors';
import { sortedKeys } from './json-values';
import {
  configurationKey,
  healthCheckKey,
  meshItemKey,
  policyKey,
  routeKey,
  slotsKey,
  templateKey,
} from './keys';

/* A document as text (YAML or JSON) and back; docs/config-as-code.md. */

export type DocumentFormat = 'yaml' | 'json';

/**
 * The document as text, every object's keys sorted (the lists are sorted by their keys already), so
 * two exports of one state are byte-identical. YAML without anchors or folded lines.
 */
export function serializeDocument(doc: ConfigDocument, format: DocumentFormat): string {
  const sorted = sortedKeys(doc);
  if (format === 'json') return `${JSON.stringify(sorted, null, 2)}\n`;
  return stringifyYaml(sorted, { aliasDuplicateObjects: false, lineWidth: 0, minContentWidth: 0 });
}

/** ["spec", "webApps", 2, "url"] -> "spec.webApps[2].url". */
export function pathOf(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((path, segment) => {
    if (typeof segment === 'number') return `${path}[${segment}]`;
    const name = String(segment);
    return path ? `${path}.${name}` : name;
  }, '');
}

function refused(issues: FieldIssue[]): never {
  const [first] = issues;
  const message = first ? `${first.path || 'document'}: ${first.message}` : 'Not a document';
  throw badRequest(`The document is not valid: ${message}`, issues);
}

/** Each list's items must have distinct natural keys: the second of two is named. */
function duplicateKeys(doc: ConfigDocument): FieldIssue[] {
  const lists: [string, { key: string }[]][] = [];
  const keyed = <T>(path: string, items: T[], key: (item: T) => string) =>
    lists.push([path, items.map((item) => ({ key: key(item) }))]);
  if (doc.kind === 'Tenant') {
    const spec = doc.spec;
    keyed('spec.subscriptions', spec.subscriptions, (s) => s.capability);
    keyed('spec.configurations', spec.configurations, configurationKey);
    keyed('spec.routes', spec.routes, routeKey);
    keyed('spec.policies', spec.policies, policyKey);
    keyed('spec.webApps', spec.webApps, (a) => a.name);
    keyed('spec.meshes', spec.meshes, (m) => m.name);
    keyed('spec.slots', spec.slots, slotsKey);
    spec.meshes.forEach((m, i) => keyed(`spec.meshes[${i}].menuItems`, m.menuItems, meshItemKey));
  } else {
    keyed('spec.capabilities', doc.spec.capabilities, (c) => c.name);
    keyed('spec.microfrontends', doc.spec.microfrontends, (m) => m.slug);
    doc.spec.capabilities.forEach((c, i) => {
      keyed(`spec.capabilities[${i}].notificationTemplates`, c.notificationTemplates, templateKey);
      keyed(`spec.capabilities[${i}].healthChecks`, c.healthChecks, healthCheckKey);
    });
    doc.spec.microfrontends.forEach((m, i) => {
      keyed(`spec.microfrontends[${i}].versions`, m.versions, (v) => v.version);
      keyed(`spec.microfrontends[${i}].healthChecks`, m.healthChecks, healthCheckKey);
    });
  }
  return lists.flatMap(([path, items]) => {
    const seen = new Set<string>();
    return items.flatMap(({ key }, index) => {
      if (!seen.has(key)) {
        seen.add(key);
        return [];
      }
      return [{ path: `${path}[${index}]`, message: `Listed twice: ${key}` }];
    });
  });
}

/** A document already parsed from text (or sent as an object): checked, 400 naming the bad field. */
export function checkDocument(value: unknown): ConfigDocument {
  const parsed = configDocumentSchema.safeParse(value);
  if (!parsed.success) {
    refused(parsed.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message })));
  }
  const duplicates = duplicateKeys(parsed.data);
  if (duplicates.length > 0) refused(duplicates);
  return parsed.data;
}

/** Reads a document from YAML or JSON text: 400 naming the path of the first bad field. */
export function parseDocument(text: string, format: DocumentFormat): ConfigDocument {
  let value: unknown;
  try {
    value = format === 'json' ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
    throw badRequest(`The document is not valid ${format.toUpperCase()}: ${why}`, [
      { path: 'document', message: why ?? 'unreadable' },
    ]);
  }
  return checkDocument(value);
}

/** Text that starts with `{` is JSON; anything else is read as YAML (JSON is YAML too). */
export const formatOfText = (text: string): DocumentFormat =>
  text.trimStart().startsWith('{') ? 'json' : 'yaml';
