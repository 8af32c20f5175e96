import type { Environment } from '@contract/common';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/components/notify';
import { environmentName } from '@contract/vocabulary';
import { downloadArtifact, type Artifact } from '@/gateway/api/download-artifact';

/** decK syncs a database-backed Kong (scoped by select tags); DB-less Kong loads the file whole. */
const buttons: { artifact: Artifact; label: string; what: string }[] = [
  {
    artifact: 'kong-deck-yaml',
    label: 'Kong (decK) YAML',
    what: 'Kong declarative configuration for decK (YAML)',
  },
  {
    artifact: 'kong-deck-json',
    label: 'Kong (decK) JSON',
    what: 'Kong declarative configuration for decK (JSON)',
  },
  {
    artifact: 'kong-dbless-yaml',
    label: 'Kong (DB-less) YAML',
    what: 'Kong declarative configuration for DB-less Kong (YAML)',
  },
  {
    artifact: 'kong-dbless-json',
    label: 'Kong (DB-less) JSON',
    what: 'Kong declarative configuration for DB-less Kong (JSON)',
  },
  { artifact: 'opa-bundle', label: 'OPA bundle', what: 'OPA bundle' },
];

/** What the real gateway and policy server load: the environment's active routes and enabled policies. */
export function ArtifactDownloads({ tenantId, environment }: { tenantId: string; environment: Environment }) {
  const [busy, setBusy] = useState<Artifact | null>(null);
  const download = async (artifact: Artifact, what: string) => {
    setBusy(artifact);
    try {
      const file = await downloadArtifact(artifact, tenantId, environment);
      notifySuccess('Download started', `${what} of ${environmentName(environment)}: ${file}`);
    } catch (error) {
      notifyError(error, `Failed to download the ${what}.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex shrink-0 flex-wrap gap-2 xl:flex-nowrap" role="group" aria-label="Downloads">
      {buttons.map(({ artifact, label, what }) => (
        <Button
          key={artifact}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-label={`Download ${label} of ${environmentName(environment)}`}
          title={what}
          onClick={() => void download(artifact, what)}
        >
          <Download aria-hidden="true" />
          {busy === artifact ? 'Downloading...' : label}
        </Button>
      ))}
    </div>
  );
}
