import type { ChangeRequestDetail } from '@contract/changes';
import { environmentNames } from '@contract/vocabulary';
import { usePromoteRequest } from '@/changes/api/set-actions';
import { nextEnvironment } from '@/changes/lib/change-set';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** "Promote to UAT": the applied set, filed again as one request with each change mapped there. */
export function PromoteDialog({
  request,
  open,
  onClose,
}: {
  request: ChangeRequestDetail;
  open: boolean;
  onClose: () => void;
}) {
  const promote = usePromoteRequest(request.id);
  const target = nextEnvironment(request.environment);
  if (!target) return null;
  const name = environmentNames[target];
  const count = request.changes.length;
  return (
    <ConfirmDialog
      open={open}
      title={`Promote #${request.number} to ${name}?`}
      description={`This files its ${count === 1 ? 'change' : `${count} changes`} again as one new change request, each mapped to ${name}. It goes through ${name}'s approvals.`}
      pending={promote.isPending}
      confirmVariant="default"
      confirmLabel={`Promote to ${name}`}
      pendingLabel="Promoting..."
      onConfirm={() => promote.mutate(target, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
