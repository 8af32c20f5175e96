import type { OverviewProbe } from '@contract/overview-attention';
import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import { latencySeries } from '@/overview/charts/palette';
import { formatLocaleTime } from '@/lib/format';

const timeOf = (iso: unknown) =>
  formatLocaleTime(new Date(String(iso)), { hour: '2-digit', minute: '2-digit' });

/** One slot's probe latencies over time; failed probes drawn as hollow points on the line. */
export default function LatencyChart({ probes }: { probes: OverviewProbe[] }) {
  return (
    <ChartContainer config={latencySeries} className="h-20" aria-hidden="true">
      <LineChart data={probes} accessibilityLayer={false} margin={{ top: 4, right: 4, left: 0, bottom: 0 }}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="checkedAt" tickFormatter={timeOf} tickLine={false} axisLine={false} minTickGap={32} />
        <YAxis tickLine={false} axisLine={false} width={32} />
        <ChartTooltip content={<ChartTooltipContent formatLabel={timeOf} />} />
        <Line
          dataKey="durationMs"
          stroke="var(--color-durationMs)"
          strokeWidth={2}
          isAnimationActive={false}
          dot={(props: { cx?: number; cy?: number; index?: number }) => {
            const failed = probes[props.index ?? 0]?.ok === false;
            return (
              <circle
                key={props.index}
                cx={props.cx}
                cy={props.cy}
                r={failed ? 3.5 : 0}
                fill="var(--color-card)"
                stroke="var(--destructive)"
                strokeWidth={2}
              />
            );
          }}
        />
      </LineChart>
    </ChartContainer>
  );
}
