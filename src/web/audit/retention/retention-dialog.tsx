import { ExportList } from '@/audit/retention/export-list';
import { ExportNowForm } from '@/audit/retention/export-now-form';
import { RetentionForm } from '@/audit/retention/retention-form';
import type { DialogOpenProps } from '@/components/dialog-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * Retention & exports (administrators; docs/audit-retention.md): how long the trail keeps its events,
 * Export now for a time range, and the exports to download.
 */
export function RetentionDialog({ open, onOpenChange }: DialogOpenProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Retention & exports</DialogTitle>
          <DialogDescription>
            Older events are written to an export, then purged; events a webhook has yet to deliver stay.
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby="audit-retention-heading" className="space-y-3">
          <h3 id="audit-retention-heading" className="font-medium">
            Retention
          </h3>
          <RetentionForm />
        </section>
        <section aria-labelledby="audit-exports-heading" className="space-y-3">
          <h3 id="audit-exports-heading" className="font-medium">
            Exports
          </h3>
          <ExportNowForm />
          <ExportList />
        </section>
      </DialogContent>
    </Dialog>
  );
}
