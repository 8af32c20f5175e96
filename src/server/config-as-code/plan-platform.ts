import type { PlatformDocument } from '../../contract/config-doc';
import type { Executor } from '../db/database';
import { exportPlatform } from './export-platform';
import { sameValue } from './json-values';
import { matched, type Drafts } from './drafts';
import { planApprovalPolicy } from './plan-tenant-settings';

/* The platform document planned against the live platform (docs/config-as-code.md). */

/** Drafts the changes that make the platform match the document. */
export async function draftPlatform(tx: Executor, drafts: Drafts, doc: PlatformDocument): Promise<void> {
  const live = (await exportPlatform(tx)).spec;
  const { pairs: capabilities } = matched(
    doc.spec.capabilities,
    live.capabilities,
    (c) => c.name,
    (c) => c.name,
  );
  for (const { wanted, index, live: current } of capabilities) {
    if (current && sameValue(wanted, current)) continue;
    drafts.cannot(`spec.capabilities[${index}]`, 'no change kind writes a capability yet');
  }
  const { pairs: microfrontends } = matched(
    doc.spec.microfrontends,
    live.microfrontends,
    (m) => m.slug,
    (m) => m.slug,
  );
  for (const { wanted, index, live: current } of microfrontends) {
    if (current && sameValue(wanted, current)) continue;
    drafts.cannot(`spec.microfrontends[${index}]`, 'no change kind writes a microfrontend yet');
  }
  planApprovalPolicy(drafts, doc.spec.approvalPolicy, live.approvalPolicy, {
    tenantId: null,
    key: 'platform',
  });
}
