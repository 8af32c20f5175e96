import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { SlotRow } from '@/deployments/lib/slots';

const healthVariants: Record<string, BadgeVariant> = {
  healthy: 'default',
  unhealthy: 'destructive',
  unknown: 'secondary',
};

/** A slot's health status, and why when it is not healthy. */
export function HealthBadge({ row }: { row: Pick<SlotRow, 'healthStatus' | 'healthReason'> }) {
  const status = row.healthStatus.toLowerCase();
  return (
    <>
      <Badge variant={healthVariants[status] ?? 'outline'}>{row.healthStatus}</Badge>
      {row.healthReason && status !== 'healthy' && (
        <span className="mt-1 block text-xs text-destructive" data-testid="slot-health-reason">
          {row.healthReason}
        </span>
      )}
    </>
  );
}
