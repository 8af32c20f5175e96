import { FileDiff } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';

/** The plan dialog (its diff view, the document fields) is a chunk of its own. */
const PlanDialog = lazyDialog(() =>
  import('@/config-as-code/components/plan-dialog').then((m) => m.PlanDialog),
);

/** "Plan from a file" for a tenant (null: the platform). */
export function PlanButton({ tenantId, name }: { tenantId: string | null; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileDiff aria-hidden="true" />
        Plan from a file
      </Button>
      <PlanDialog open={open} onOpenChange={setOpen} tenantId={tenantId} name={name} />
    </>
  );
}
