import type { CapabilityPatch } from '../../contract/capabilities';
import type { PlatformDocument, PlatformSpec } from '../../contract/config-doc';
import type { TemplatePatch } from '../../contract/notification-templates';
import type { Executor } from '../db/database';
import { exportPlatform } from './export-platform';
import { sameValue, textOf } from './json-values';
import { templateKey } from './keys';
import { matched, storedText, type Drafts } from './drafts';
import { planHealthChecks, planMicrofrontends } from './plan-platform-microfrontends';
import { platformIds, type PlatformIds } from './platform-ids';
import { planApprovalPolicy } from './plan-tenant-settings';

/* The platform document planned against the live platform (docs/config-as-code.md). */

type CapabilityDoc = PlatformSpec['capabilities'][number];
type TemplateDoc = CapabilityDoc['notificationTemplates'][number];

/** The fields of a capability that differ, as its patch (text as the server stores it). */
function capabilityPatch(wanted: CapabilityDoc, current: CapabilityDoc): CapabilityPatch {
  const patch: CapabilityPatch = {};
  for (const field of ['description', 'version', 'endpoint', 'category'] as const) {
    if (storedText(wanted[field]) !== storedText(current[field])) patch[field] = wanted[field];
  }
  if (wanted.status !== current.status) patch.status = wanted.status;
  if (wanted.supportsNotificationTemplates !== current.supportsNotificationTemplates) {
    patch.supportsNotificationTemplates = wanted.supportsNotificationTemplates;
  }
  if (!sameValue(wanted.configurationSchema, current.configurationSchema)) {
    patch.configurationSchema = textOf(wanted.configurationSchema);
  }
  return patch;
}

const capabilityFields = (c: CapabilityDoc) => ({
  name: c.name,
  description: c.description,
  version: c.version,
  status: c.status,
  endpoint: c.endpoint,
  category: c.category,
  configurationSchema: textOf(c.configurationSchema),
  supportsNotificationTemplates: c.supportsNotificationTemplates,
});

function planTemplates(
  drafts: Drafts,
  wanted: CapabilityDoc,
  current: CapabilityDoc,
  capabilityId: string,
  ids: PlatformIds,
) {
  const { pairs } = matched(
    wanted.notificationTemplates,
    current.notificationTemplates,
    templateKey,
    templateKey,
  );
  for (const { wanted: template, live } of pairs) {
    const key = `${wanted.name}/${templateKey(template)}`;
    if (!live) {
      drafts.add(
        { kind: 'notification_template.create', body: { ...template, capabilityId } },
        'notification_template',
        key,
      );
      continue;
    }
    const templateId = ids.template.get(`${capabilityId}/${templateKey(template)}`);
    if (!templateId) continue;
    const body = templatePatch(template, live);
    if (Object.keys(body).length === 0) continue;
    drafts.add(
      { kind: 'notification_template.update', templateId, body },
      'notification_template',
      key,
      templateId,
    );
  }
}

function templatePatch(wanted: TemplateDoc, current: TemplateDoc): TemplatePatch {
  const patch: TemplatePatch = {};
  if (storedText(wanted.subject) !== storedText(current.subject)) patch.subject = wanted.subject;
  if (wanted.content.trim() !== current.content) patch.content = wanted.content;
  if (!sameValue(wanted.variables, current.variables)) patch.variables = wanted.variables;
  if (wanted.status !== current.status) patch.status = wanted.status;
  return patch;
}

/**
 * Capabilities: register the new (their templates and health checks follow on the next plan, once the
 * capability has an id and slots), edit the changed, and their templates. None is ever deleted.
 */
function planCapabilities(drafts: Drafts, spec: PlatformSpec, live: PlatformSpec, ids: PlatformIds): void {
  const { pairs } = matched(
    spec.capabilities,
    live.capabilities,
    (c) => c.name,
    (c) => c.name,
  );
  for (const { wanted, index, live: current } of pairs) {
    const capabilityId = ids.capability.get(wanted.name);
    if (!current || !capabilityId) {
      drafts.add({ kind: 'capability.create', body: capabilityFields(wanted) }, 'capability', wanted.name);
      continue;
    }
    const patch = capabilityPatch(wanted, current);
    if (Object.keys(patch).length > 0) {
      drafts.add(
        { kind: 'capability.update', capabilityId, body: patch },
        'capability',
        wanted.name,
        capabilityId,
      );
    }
    planTemplates(drafts, wanted, current, capabilityId, ids);
    const owner = { resourceType: 'capability' as const, resourceId: capabilityId, name: wanted.name };
    planHealthChecks(drafts, wanted.healthChecks, current.healthChecks, owner, `spec.capabilities[${index}]`);
  }
}

/** Drafts the changes that make the platform match the document. */
export async function draftPlatform(tx: Executor, drafts: Drafts, doc: PlatformDocument): Promise<void> {
  const live = (await exportPlatform(tx)).spec;
  const ids = await platformIds(tx);
  planCapabilities(drafts, doc.spec, live, ids);
  planMicrofrontends(drafts, doc.spec, live, ids);
  planApprovalPolicy(drafts, doc.spec.approvalPolicy, live.approvalPolicy, {
    tenantId: null,
    key: 'platform',
  });
}
