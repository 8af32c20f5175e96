import type { ChangeRequestDetail } from '@contract/changes';
import { Link } from 'react-router';
import { changeName } from '@/changes/lib/change-set';
import { AlertNotice } from '@/components/alert-notice';

const requestLink = (request: { id: string; number: number }) => (
  <Link
    to={`/changes/${encodeURIComponent(request.id)}`}
    className="font-medium underline underline-offset-4"
  >
    #{request.number}
  </Link>
);

/**
 * Before approval, the changes a revert could not undo (a delete with no history left): the reviewer
 * approves knowing the set cannot be rolled back as a whole.
 */
export function IrreversibleNotice({ request }: { request: ChangeRequestDetail }) {
  const open = request.status === 'pending' || request.status === 'scheduled';
  const irreversible = request.changes.filter((item) => item.irreversible);
  if (!open || irreversible.length === 0) return null;
  return (
    <AlertNotice
      testId="irreversible-alert"
      tone="warning"
      title={
        irreversible.length === 1
          ? 'One change cannot be undone automatically.'
          : `${irreversible.length} changes cannot be undone automatically.`
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
        {irreversible.map((item) => (
          <li key={item.position}>
            {changeName(item)} cannot be undone automatically: {item.irreversible}
          </li>
        ))}
      </ul>
    </AlertNotice>
  );
}

/** Where this request comes from (the set it reverts or was promoted from) and what was filed after it. */
export function RelatedRequests({ request }: { request: ChangeRequestDetail }) {
  const { revertOf, promotedFrom, followUps } = request;
  if (!revertOf && !promotedFrom && followUps.length === 0) return null;
  return (
    <section aria-labelledby="change-related" className="space-y-2 text-sm" data-testid="change-related">
      <h2 id="change-related" className="font-semibold">
        Related requests
      </h2>
      <ul className="space-y-1">
        {revertOf && <li>Reverts {requestLink(revertOf)}</li>}
        {promotedFrom && <li>Promoted from {requestLink(promotedFrom)}</li>}
        {followUps.map((followUp) => (
          <li key={followUp.id}>
            {followUp.relation === 'revert' ? 'Reverted by' : 'Promoted as'} {requestLink(followUp)}
          </li>
        ))}
      </ul>
    </section>
  );
}
