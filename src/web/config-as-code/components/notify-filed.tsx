import type { ApplyPlanReply } from '@contract/config-doc';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';

/** A "View" action opening the change request's page. */
function viewAction(requestId: string, open: (path: string) => void) {
  return (
    <ToastAction
      altText="Open the change request"
      onClick={() => open(`/changes/${encodeURIComponent(requestId)}`)}
    >
      View
    </ToastAction>
  );
}

const changesWord = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/** What the server answered to an apply: a release waiting for approvals, or the changes applied at once. */
export function notifyApplied(reply: ApplyPlanReply, open: (path: string) => void): void {
  if ('changeRequestId' in reply) {
    const release = reply.requests.find((request) => request.id === reply.changeRequestId);
    toast({
      title: 'Release filed',
      description: `${release ? changesWord(release.changes) : 'The plan'} filed as one change request; it applies once approved.${reply.requests.length > 1 ? ' An approval policy change was filed apart.' : ''}`,
      action: viewAction(reply.changeRequestId, open),
    });
    return;
  }
  const { changeRequestId, changes } = reply.applied;
  toast({
    title: changes === 0 ? 'Nothing to apply' : 'Plan applied',
    description:
      changes === 0
        ? 'Live state already matches the file.'
        : `${changesWord(changes)} applied without approval.`,
    action: changeRequestId ? viewAction(changeRequestId, open) : undefined,
  });
}

/** A revert's answer: the release filed (or applied at once) that restores Git's state. */
export function notifyReverted(
  requestId: string | null,
  applied: boolean,
  open: (path: string) => void,
): void {
  toast({
    title: applied ? 'Drift reverted' : 'Revert filed',
    description: applied
      ? 'The live state is back to the file in Git.'
      : 'A change request restores the file’s state once approved.',
    action: requestId ? viewAction(requestId, open) : undefined,
  });
}
