import type { RolloutEvent } from '@contract/rollouts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { rolloutEventLabels } from '@/deployments/lib/rollouts';
import { formatDateTime } from '@/deployments/lib/slots';

/** A rollout's events in order: time, kind, traffic after it, by whom, and why. */
export function RolloutHistory({ events, label }: { events: RolloutEvent[]; label: string }) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Event</TableHead>
          <TableHead className="text-right">Traffic</TableHead>
          <TableHead>By</TableHead>
          <TableHead>Reason</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event, index) => (
          // Events are append-only: their position is their identity.
          <TableRow key={`${index}-${event.kind}`}>
            <TableCell className="whitespace-nowrap">{formatDateTime(event.at)}</TableCell>
            <TableCell>{rolloutEventLabels[event.kind]}</TableCell>
            <TableCell className="text-right tabular-nums">{event.trafficPercentage}%</TableCell>
            <TableCell>{event.by === 'system' ? 'System' : event.by}</TableCell>
            <TableCell className="whitespace-normal">{event.reason ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
