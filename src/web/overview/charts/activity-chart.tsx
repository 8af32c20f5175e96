import type { OverviewActivityDay } from '@contract/overview-attention';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart';
import { appliedSeries, troubleSeries } from '@/overview/charts/palette';

/** "11-28" from "2026-11-28": the axis has room for month and day only. */
const shortDay = (day: unknown) => String(day).slice(5);

function StackedDays({
  days,
  config,
  title,
}: {
  days: OverviewActivityDay[];
  config: ChartConfig;
  title: string;
}) {
  const keys = Object.keys(config);
  return (
    <figure className="min-w-0 flex-1">
      <figcaption className="mb-1 text-xs font-medium text-muted-foreground">{title}</figcaption>
      {/* Hidden from assistive technology: the card's table says the same in text. */}
      <ChartContainer config={config} legend className="h-32" aria-hidden="true">
        <BarChart data={days} accessibilityLayer={false} margin={{ top: 4, right: 4, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tickLine={false} axisLine={false} minTickGap={24} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
          <ChartTooltip cursor={false} content={<ChartTooltipContent formatLabel={String} />} />
          {keys.map((key, index) => (
            <Bar
              key={key}
              dataKey={key}
              stackId="day"
              fill={`var(--color-${key})`}
              radius={index === keys.length - 1 ? [2, 2, 0, 0] : 0}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ChartContainer>
    </figure>
  );
}

/** The last 30 days: applied requests stacked by environment, and failed or rolled back ones. */
export default function ActivityChart({ days }: { days: OverviewActivityDay[] }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <StackedDays days={days} config={appliedSeries} title="Applied per day" />
      <StackedDays days={days} config={troubleSeries} title="Failed or rolled back per day" />
    </div>
  );
}
