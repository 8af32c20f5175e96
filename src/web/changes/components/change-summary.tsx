import type { ChangeRequestDetail } from '@contract/changes';
import { changeKindLabels } from '@contract/change-labels';
import type { ReactNode } from 'react';
import { ChangeStatusBadge, EnvironmentBadge } from '@/changes/components/change-status-badge';
import { ScheduledTime } from '@/changes/components/scheduled-time';
import { formatTime } from '@/changes/lib/format';

function Item({
  term,
  className,
  testId,
  children,
}: {
  term: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const Time = ({ at }: { at: string }) => <time dateTime={at}>{formatTime(at)}</time>;

/** Status, approvals, where it applies, who asked and when, and its schedule. */
export function ChangeSummary({ request }: { request: ChangeRequestDetail }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="change-summary">
      <Item term="Status" className="flex flex-wrap items-center gap-2">
        <ChangeStatusBadge {...request} />
      </Item>
      <Item term="Approvals" testId="change-approvals">
        {request.approvals} of {request.requiredApprovals}
      </Item>
      <Item term="Tenant and environment" className="flex flex-wrap items-center gap-2">
        <span>{request.tenantName ?? (request.tenantId === null ? 'Platform' : request.tenantId)}</span>
        <EnvironmentBadge environment={request.environment} />
      </Item>
      <Item term="Kind">{changeKindLabels[request.kind]}</Item>
      <Item term="Requested by" className="break-all">
        {request.requestedBy}
      </Item>
      <Item term="Requested">
        <Time at={request.createdAt} />
      </Item>
      <Item term="Scheduled">
        {request.scheduledAt ? (
          <ScheduledTime at={request.scheduledAt} timeZone={request.scheduleTimeZone} />
        ) : (
          'When approved'
        )}
      </Item>
      <Item term="Updated">
        <Time at={request.updatedAt} />
      </Item>
    </dl>
  );
}

/** How a closed request ended: applied (when, by whom, how), failed (why), bypassed (the reason). */
export function ChangeOutcome({ request }: { request: ChangeRequestDetail }) {
  if (request.status !== 'applied' && request.status !== 'failed' && !request.bypassReason) return null;
  const failed = request.status === 'failed';
  return (
    <section
      aria-labelledby="change-outcome"
      data-testid="change-outcome"
      className={
        failed
          ? 'space-y-2 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm'
          : 'space-y-2 rounded-md border p-4 text-sm'
      }
    >
      <h2 id="change-outcome" className="font-semibold">
        {failed ? 'The change failed' : request.status === 'applied' ? 'The change was applied' : 'Bypass'}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {request.appliedAt && (
          <>
            <dt className="text-muted-foreground">{failed ? 'Tried' : 'Applied'}</dt>
            <dd>
              <Time at={request.appliedAt} />
              {request.appliedBy && <> by {request.appliedBy}</>}
            </dd>
          </>
        )}
        {request.outcome && (
          <>
            <dt className="text-muted-foreground">Outcome</dt>
            <dd className="break-words">{request.outcome}</dd>
          </>
        )}
        {request.bypassReason && (
          <>
            <dt className="text-muted-foreground">Applied without approvals because</dt>
            <dd className="break-words">{request.bypassReason}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
