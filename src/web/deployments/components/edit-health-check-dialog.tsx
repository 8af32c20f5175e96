import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import type { HealthCheckSubject } from '@/deployments/components/health-check-form';
import { lazyDialog, usePrefetchWhenIdle } from '@/components/lazy-dialog';

// The form loads on its own (the slots paint without it), when the dialog opens.
const HealthCheckForm = lazyDialog(
  () => import('@/deployments/components/health-check-form').then((m) => m.HealthCheckForm),
  () => true,
);

export type { HealthCheckTarget } from '@/deployments/components/health-check-form';

/** Edit health check (administrators): the URL a slot is probed on, and how often. */
export function EditHealthCheckDialog(props: HealthCheckSubject) {
  usePrefetchWhenIdle(HealthCheckForm);
  const [open, setOpen] = useState(false);
  const title = `Edit health check: ${props.slot} slot`;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={title}>
        <Pencil aria-hidden="true" />
        Edit health check
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description="The prober GETs this URL; a 2xx answer is healthy. Leave it empty to stop probing this slot."
      >
        <HealthCheckForm {...props} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}
