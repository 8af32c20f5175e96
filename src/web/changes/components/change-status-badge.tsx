import type { ChangeRequest } from '@contract/changes';
import { CHANGE_STATUS_LABELS } from '@contract/change-labels';
import { STATUS_VARIANTS } from '@/changes/lib/format';
import { Badge } from '@/components/ui/badge';
import { environmentLabel } from '@/lib/format';

type StatusProps = Pick<ChangeRequest, 'status' | 'approvals' | 'requiredApprovals'>;

/** The request's status; one awaiting approval says how far it got ("0/1"). */
export function ChangeStatusBadge({ status, approvals, requiredApprovals }: StatusProps) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} data-testid="change-status">
      {CHANGE_STATUS_LABELS[status]}
      {status === 'pending' && requiredApprovals > 0 && (
        <span className="tabular-nums" aria-label={`, ${approvals} of ${requiredApprovals} approvals`}>
          {' '}
          {approvals}/{requiredApprovals}
        </span>
      )}
    </Badge>
  );
}

/** Dev, UAT, Prod; production stands out, since that is what the approvals guard. */
export function EnvironmentBadge({ environment }: { environment: string }) {
  return (
    <Badge variant={environment === 'production' ? 'secondary' : 'outline'} title={environment}>
      {environmentLabel(environment)}
    </Badge>
  );
}
