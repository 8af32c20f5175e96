import { controlPlaneRegionSchema, webAppRegions } from '../../contract/common';
import type { TenantSpec } from '../../contract/config-doc';
import type { MeshPatch } from '../../contract/web-app-meshes';
import type { WebAppInput, WebAppPatch } from '../../contract/web-apps';
import { isOneOf } from '../../contract/sets';
import type { LiveTenant } from './export-tenant';
import { byKey, sameValue } from './json-values';
import { meshItemKey } from './keys';
import { matched, storedText, type Drafts } from './drafts';
import { capabilityIds } from './plan-tenant-gateway';

/* A tenant document's web apps, meshes and subscriptions, planned against the live tenant. */

type WebAppDoc = TenantSpec['webApps'][number];

/** The patch that makes a live app as the document has it (text compared as the server stores it). */
function webAppPatch(drafts: Drafts, wanted: WebAppDoc, current: WebAppDoc, path: string): WebAppPatch {
  const patch: WebAppPatch = {};
  if (storedText(wanted.description) !== storedText(current.description))
    patch.description = wanted.description;
  if (wanted.technology !== current.technology) patch.technology = wanted.technology;
  if (wanted.status !== current.status) patch.status = wanted.status;
  if (wanted.environment !== current.environment) patch.environment = wanted.environment;
  if (storedText(wanted.url) !== storedText(current.url)) patch.url = wanted.url ?? '';
  if (wanted.useStandardHeader !== current.useStandardHeader)
    patch.useStandardHeader = wanted.useStandardHeader;
  if (wanted.useStandardFooter !== current.useStandardFooter)
    patch.useStandardFooter = wanted.useStandardFooter;
  if (wanted.region !== current.region) {
    if (isOneOf(webAppRegions, wanted.region)) patch.region = wanted.region;
    else if (wanted.region === null) drafts.cannot(`${path}.region`, 'a web app region cannot be cleared');
    else drafts.cannot(`${path}.region`, `${wanted.region} is not a web app region`);
  }
  return patch;
}

/** The create body of a new app (a new app starts as provisioning: its status follows on the next plan). */
function webAppInput(drafts: Drafts, wanted: WebAppDoc, tenantId: string, path: string): WebAppInput | null {
  const region = wanted.region === null || isOneOf(webAppRegions, wanted.region) ? wanted.region : undefined;
  if (region === undefined) {
    drafts.cannot(`${path}.region`, `${String(wanted.region)} is not a web app region`);
    return null;
  }
  const { status: _status, region: _region, ...fields } = wanted;
  return { ...fields, tenantId, url: wanted.url ?? '', ...(region !== null && { region }) };
}

/** Web apps: create the new, edit the changed, and (prune) delete the omitted. */
export function planWebApps(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const { pairs, omitted } = matched(
    spec.webApps,
    live.webApps,
    (app) => app.name,
    (p) => p.doc.name,
  );
  for (const { wanted, index, live: current } of pairs) {
    const path = `spec.webApps[${index}]`;
    if (!current) {
      const body = webAppInput(drafts, wanted, live.row.id, path);
      if (body) drafts.add({ kind: 'web_app.create', body }, 'web_app', wanted.name);
      continue;
    }
    if (sameValue(wanted, current.doc)) continue;
    const body = webAppPatch(drafts, wanted, current.doc, path);
    if (Object.keys(body).length === 0) continue;
    drafts.add(
      { kind: 'web_app.update', webAppId: current.row.id, body },
      'web_app',
      wanted.name,
      current.row.id,
    );
  }
  for (const app of omitted) {
    drafts.prune({ kind: 'web_app.delete', webAppId: app.row.id }, 'web_app', app.doc.name, app.row.id);
  }
}

type MeshDoc = TenantSpec['meshes'][number];

/** A mesh's menu as the server compares it: in menu order, each item as the document names it. */
const menuOf = (mesh: MeshDoc) => [...mesh.menuItems].sort(byKey(meshItemKey));

/** Meshes: create the new, edit the changed (name stays: it is the key), and (prune) delete the omitted. */
export function planMeshes(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const { pairs, omitted } = matched(
    spec.meshes,
    live.meshes,
    (mesh) => mesh.name,
    (p) => p.doc.name,
  );
  for (const { wanted, live: current } of pairs) {
    // Items name their version by microfrontend slug and version; the kind resolves them.
    const menuItems = JSON.stringify(menuOf(wanted));
    if (!current) {
      const body = { name: wanted.name, description: wanted.description, tenantId: live.row.id, menuItems };
      drafts.add({ kind: 'mesh.create', body }, 'mesh', wanted.name);
      continue;
    }
    const body: MeshPatch = {};
    if (storedText(wanted.description) !== storedText(current.doc.description))
      body.description = wanted.description;
    if (!sameValue(menuOf(wanted), menuOf(current.doc))) body.menuItems = menuItems;
    if (Object.keys(body).length === 0) continue;
    drafts.add({ kind: 'mesh.update', meshId: current.row.id, body }, 'mesh', wanted.name, current.row.id);
  }
  for (const { row, doc } of omitted)
    drafts.prune({ kind: 'mesh.delete', meshId: row.id }, 'mesh', doc.name, row.id);
}

/** Subscriptions: subscribe to the new ones (before their configurations); a moved one is refused, named. */
export function planSubscriptions(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const ids = capabilityIds(live.names);
  const { pairs } = matched(
    spec.subscriptions,
    live.subscriptions,
    (s) => s.capability,
    (p) => p.doc.capability,
  );
  for (const { wanted, index, live: current } of pairs) {
    const path = `spec.subscriptions[${index}]`;
    if (current) {
      if (!sameValue(wanted, current.doc)) {
        drafts.cannot(path, 'a subscription keeps its environment and region: remove it and subscribe again');
      }
      continue;
    }
    const capabilityId = ids(wanted.capability);
    const region = controlPlaneRegionSchema.safeParse(wanted.region);
    if (!capabilityId) drafts.cannot(`${path}.capability`, `no capability is named ${wanted.capability}`);
    if (!region.success) drafts.cannot(`${path}.region`, `${wanted.region} is not a control plane region`);
    if (!capabilityId || !region.success) continue;
    const body = {
      tenantId: live.row.id,
      capabilityId,
      environment: wanted.environment,
      region: region.data,
    };
    drafts.add({ kind: 'capability_subscription.create', body }, 'subscription', wanted.capability);
  }
}

/** (prune) Unsubscribes from what the document omits: last, after the routes and policies naming it went. */
export function pruneSubscriptions(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const { omitted } = matched(
    spec.subscriptions,
    live.subscriptions,
    (s) => s.capability,
    (p) => p.doc.capability,
  );
  for (const { row, doc } of omitted) {
    const change = {
      kind: 'capability_subscription.delete' as const,
      tenantId: live.row.id,
      capabilityId: row.capabilityId,
    };
    drafts.prune(change, 'subscription', doc.capability, row.id);
  }
}
