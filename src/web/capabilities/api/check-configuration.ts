import type { ConfigurationCheck } from '@contract/capabilities';
import type { FieldIssue } from '@contract/errors';
import { sendJson } from '@/lib/api-client';

/**
 * POST /api/capabilities/:id/configuration-check: the configuration's problems against the capability's
 * JSON Schema, in the words a save would use (paths "configuration..."). Not a query: nothing is cached,
 * the editor asks again as the text changes.
 */
export async function checkConfiguration(capabilityId: string, configuration: string): Promise<FieldIssue[]> {
  const check = await sendJson<ConfigurationCheck>(
    'POST',
    `/api/capabilities/${encodeURIComponent(capabilityId)}/configuration-check`,
    { configuration },
  );
  return check.issues;
}
