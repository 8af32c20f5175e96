import { ChevronDown, Download } from 'lucide-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ExportFormat } from '@/config-as-code/api/config-paths';
import { downloadExport } from '@/config-as-code/api/download-export';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'yaml', label: 'YAML' },
  { format: 'json', label: 'JSON' },
];

/**
 * "Export": the desired state of a tenant (null: the platform) as a YAML or JSON document, downloaded
 * under the server's file name (docs/config-as-code.md).
 */
export function ExportMenu({ tenantId, name }: { tenantId: string | null; name: string }) {
  const [busy, setBusy] = useState(false);
  const download = async (format: ExportFormat, label: string) => {
    setBusy(true);
    try {
      const file = await downloadExport(tenantId, format);
      notifySuccess('Export downloaded', `${name} as ${label}: ${file}`);
    } catch (error) {
      notifyError(error, `Failed to export ${name}.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    // Not modal, as ActionsMenu: a modal menu can leave the page unclickable (radix-ui#1241).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={busy} aria-label={`Export ${name}`}>
          <Download aria-hidden="true" />
          {busy ? 'Exporting...' : 'Export'}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, label }) => (
          <DropdownMenuItem key={format} onSelect={() => void download(format, label)}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
