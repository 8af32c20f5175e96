import { throwIfResNotOk } from '@/lib/api-client';
import { exportPath, type ExportFormat } from '@/config-as-code/api/config-paths';
import { saveResponse } from '@/config-as-code/lib/save-response';

/**
 * GET the document of a tenant (null: the platform) in the format `Accept` asks for, and hand it to
 * the browser as a download under the server's file name. Returns that name.
 */
export async function downloadExport(tenantId: string | null, format: ExportFormat): Promise<string> {
  const res = await fetch(exportPath(tenantId), {
    headers: { Accept: `application/${format}` },
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return saveResponse(res, `${tenantId ?? 'platform'}.${format}`);
}
