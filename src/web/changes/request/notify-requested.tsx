import type { ChangeRequest } from '@contract/changes';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';

/** The success toast: the request's number and a way to its page, or that the change applied. */
export function notifyRequested(request: ChangeRequest, open: (path: string) => void) {
  const path = `/changes/${encodeURIComponent(request.id)}`;
  const action = (
    <ToastAction altText={`Open change request #${request.number}`} onClick={() => open(path)}>
      View
    </ToastAction>
  );
  if (request.status === 'applied') {
    toast({
      title: 'Change applied',
      description: `Applied without approval as change request #${request.number}.`,
      action,
    });
    return;
  }
  const approvals = request.requiredApprovals === 1 ? '1 approval' : `${request.requiredApprovals} approvals`;
  toast({
    title: `Change request #${request.number} created`,
    description:
      request.status === 'scheduled'
        ? 'It applies at its scheduled time.'
        : `It applies once it has ${approvals}.`,
    action,
  });
}
