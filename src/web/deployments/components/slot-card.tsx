import type { HealthResult } from '@contract/rollouts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  EditHealthCheckDialog,
  type HealthCheckTarget,
} from '@/deployments/components/edit-health-check-dialog';
import { HealthBadge } from '@/deployments/components/health-badge';
import { SlotProbes } from '@/deployments/components/slot-probes';
import { formatDateTime, isLive, type SlotName, type SlotRow } from '@/deployments/lib/slots';
import { cn } from '@/lib/utils';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className="min-w-0 text-right text-sm break-all"
        data-testid={`slot-${label.toLowerCase().replaceAll(' ', '-')}`}
      >
        {children}
      </dd>
    </div>
  );
}

type SlotCardProps = {
  slot: SlotName;
  /** The slot's row; null: nothing deployed there. */
  row: SlotRow | null;
  /** The version the slot runs (resolved by the page). */
  version: string;
  /** Both slots' recent probes. */
  health: UseQueryResult<HealthResult[]>;
  /** Where "Edit health check" saves (administrators); null: not offered. */
  editTarget: HealthCheckTarget | null;
};

type SlotDetailsProps = Pick<SlotCardProps, 'slot' | 'version' | 'editTarget'> & { row: SlotRow };

/** The deployed slot's facts, one term per row. */
function SlotDetails({ slot, row, version, editTarget }: SlotDetailsProps) {
  return (
    <dl className="divide-y">
      <Row label="Version">{version}</Row>
      <Row label="Status">
        <StatusBadge status={row.status} />
      </Row>
      <Row label="Traffic">{row.trafficPercentage}%</Row>
      <Row label="Health">
        <HealthBadge row={row} />
      </Row>
      <Row label="Last check">{formatDateTime(row.lastHealthCheck)}</Row>
      <Row label="Health check">
        <span className="block font-mono text-xs">{row.healthCheckUrl ?? 'None'}</span>
        {row.healthCheckIntervalSeconds !== null && (
          <span className="block text-xs text-muted-foreground">
            every {row.healthCheckIntervalSeconds} s
          </span>
        )}
        {editTarget && <EditHealthCheckDialog {...editTarget} slot={slot} row={row} />}
      </Row>
      <Row label="Deployed URL">
        {row.deployedUrl ? (
          <a
            href={row.deployedUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="font-mono text-xs underline-offset-4 hover:underline"
          >
            {row.deployedUrl}
          </a>
        ) : (
          'N/A'
        )}
      </Row>
      <Row label="Deployed">{formatDateTime(row.deployedAt)}</Row>
      <Row label="Activated">{formatDateTime(row.activatedAt)}</Row>
    </dl>
  );
}

/**
 * One of the blue and green slots: version, status, traffic, health (why not, last check, the health
 * check and its recent probes), URL, deployed and activated.
 */
export function SlotCard({ slot, row, version, health, editTarget }: SlotCardProps) {
  const title = slot === 'blue' ? 'Blue Slot' : 'Green Slot';
  return (
    <Card
      role="region"
      aria-label={title}
      data-testid={`slot-card-${slot}`}
      className={cn('border-t-4', slot === 'blue' ? 'border-t-blue-500' : 'border-t-green-500')}
    >
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          {/* An h2 under the page's h1: the card's "Recent probes" h3 follows it. */}
          <h2>{title}</h2>
          {row && isLive(row) && <Badge data-testid="slot-live">Live</Badge>}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {row ? (
          <>
            <SlotDetails slot={slot} row={row} version={version} editTarget={editTarget} />
            <SlotProbes slot={slot} health={health} />
          </>
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">No deployment in this slot</p>
        )}
      </CardContent>
    </Card>
  );
}
