import { gatewayPaths, type KongTarget } from '@contract/gateway';
import { throwIfResNotOk } from '@/lib/api-client';

export type Artifact =
  'kong-deck-yaml' | 'kong-deck-json' | 'kong-dbless-yaml' | 'kong-dbless-json' | 'opa-bundle';

type Source = { path: (tenantId: string, environment: string) => string; accept: string; file: string };

/** The Kong declarative configuration for decK or DB-less Kong, as YAML or JSON. */
const kong = (target: KongTarget, format: 'yaml' | 'json'): Source => ({
  path: (tenantId, environment) => `${gatewayPaths.declarative(tenantId, environment)}?target=${target}`,
  accept: `application/${format}`,
  file: `kong-${target}.${format}`,
});

const artifacts: Record<Artifact, Source> = {
  'kong-deck-yaml': kong('deck', 'yaml'),
  'kong-deck-json': kong('deck', 'json'),
  'kong-dbless-yaml': kong('dbless', 'yaml'),
  'kong-dbless-json': kong('dbless', 'json'),
  'opa-bundle': { path: gatewayPaths.bundle, accept: 'application/gzip', file: 'bundle.tar.gz' },
};

/** The server's file name (Content-Disposition), else `<tenant>-<environment>-<file>`. */
function fileName(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Fetches an artifact of one environment with the session cookie and hands it to the browser as a
 * download (the declarative configuration's format is chosen by Accept, which a plain link cannot set).
 */
export async function downloadArtifact(artifact: Artifact, tenantId: string, environment: string) {
  const { path, accept, file } = artifacts[artifact];
  const res = await fetch(path(tenantId, environment), {
    headers: { Accept: accept },
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(res, `${tenantId}-${environment}-${file}`);
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}
