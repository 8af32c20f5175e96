import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { HealthCheckSubject } from '@/deployments/components/health-check-form';
import { lazyDialog } from '@/components/lazy-dialog';

// The dialog loads on its own (the slots paint without it).
const HealthCheckFormDialog = lazyDialog(() =>
  import('@/deployments/components/health-check-form').then((m) => m.HealthCheckFormDialog),
);

export type { HealthCheckTarget } from '@/deployments/components/health-check-form';

/** Edit health check (administrators): the URL a slot is probed on, and how often. */
export function EditHealthCheckDialog(props: HealthCheckSubject) {
  const [open, setOpen] = useState(false);
  const title = `Edit health check: ${props.slot} slot`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={title}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <Pencil aria-hidden="true" />
        Edit health check
      </Button>
      <HealthCheckFormDialog {...props} open={open} onOpenChange={setOpen} title={title} />
    </>
  );
}
