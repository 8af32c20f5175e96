import type { HealthResult } from '@contract/rollouts';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { probeLabel } from '@/deployments/lib/health';
import { cn } from '@/lib/utils';

type HealthStripProps = {
  /** Oldest to newest. */
  probes: HealthResult[];
};

/**
 * A slot's recent probes as small cells, oldest to newest: green passed, red failed. Each cell is named
 * ("Healthy · 200 · 12:03:15") and shows it on hover; the summary says how many passed.
 */
export function HealthStrip({ probes }: HealthStripProps) {
  if (probes.length === 0)
    return (
      <p className="text-xs text-muted-foreground" data-testid="health-strip-empty">
        No probes yet
      </p>
    );
  const passed = probes.filter((probe) => probe.ok).length;
  return (
    <div className="space-y-1">
      <ul
        aria-label="Recent health probes, oldest first"
        className="flex flex-wrap gap-0.5"
        data-testid="health-strip"
      >
        {probes.map((probe) => (
          <li key={`${probe.checkedAt}-${probe.slot}`} className="flex">
            <Tooltip>
              <TooltipTrigger asChild>
                <span
                  role="img"
                  aria-label={probeLabel(probe)}
                  data-ok={probe.ok}
                  className={cn(
                    'h-4 w-2 rounded-[2px]',
                    probe.ok ? 'bg-emerald-500 dark:bg-emerald-400' : 'bg-destructive',
                  )}
                />
              </TooltipTrigger>
              <TooltipContent>{probeLabel(probe)}</TooltipContent>
            </Tooltip>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        {passed} of the last {probes.length} probes passed
      </p>
    </div>
  );
}
