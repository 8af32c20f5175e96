import * as React from 'react';
import * as RechartsPrimitive from 'recharts';
import { cn } from '@/lib/utils';

/*
 * shadcn/ui's chart component (on Recharts), trimmed to what the console uses: a container that gives
 * each series its colour as a CSS variable per theme (--color-<key>), and a tooltip. Import it only from
 * lazily loaded modules: Recharts is large, and a chart is never part of a screen's first paint.
 */

/** Each theme and the selector its colours apply under. */
const THEMES = [
  ['light', ''],
  ['dark', '.dark'],
] as const;

export type ChartConfig = Record<
  string,
  { label: string; color?: string; theme?: Record<(typeof THEMES)[number][0], string> }
>;

const ChartContext = React.createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const context = React.useContext(ChartContext);
  if (!context) throw new Error('useChart must be used within a <ChartContainer />');
  return context;
}

function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const entries = Object.entries(config).filter(([, item]) => item.theme ?? item.color);
  if (entries.length === 0) return null;
  const css = THEMES.map(([theme, prefix]) => {
    const vars = entries
      .map(([key, item]) => {
        const color = item.theme?.[theme] ?? item.color;
        return color ? `  --color-${key}: ${color};` : null;
      })
      .filter(Boolean)
      .join('\n');
    return `${prefix} [data-chart=${id}] {\n${vars}\n}`;
  }).join('\n');
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

function ChartContainer({
  id,
  className,
  children,
  config,
  legend = false,
  ...props
}: React.ComponentProps<'div'> & {
  config: ChartConfig;
  /** Show the series' names and colours under the chart. */
  legend?: boolean;
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children'];
}) {
  const uniqueId = React.useId();
  const chartId = `chart-${id ?? uniqueId.replace(/:/g, '')}`;
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          "flex flex-col gap-1 text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-layer]:outline-hidden [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <div className="min-h-0 flex-1">
          <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
        </div>
        {legend && <ChartLegendList config={config} />}
      </div>
    </ChartContext.Provider>
  );
}

const ChartTooltip = RechartsPrimitive.Tooltip;

type TooltipItem = { dataKey?: unknown; value?: unknown; color?: string };

/** The tooltip's body: the label, then each series' colour, name and value. */
function ChartTooltipContent({
  active,
  payload,
  label,
  formatLabel = String,
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: unknown;
  formatLabel?: (label: unknown) => string;
}) {
  const { config } = useChart();
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl">
      <div className="font-medium">{formatLabel(label)}</div>
      {payload.map((item) => {
        const key = String(item.dataKey);
        return (
          <div key={key} className="flex items-center gap-2">
            <span
              className="size-2.5 shrink-0 rounded-[2px]"
              style={{ backgroundColor: item.color ?? `var(--color-${key})` }}
            />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">{String(item.value)}</span>
          </div>
        );
      })}
    </div>
  );
}

/** The series' names and colours, as an HTML list under the chart. */
function ChartLegendList({ config, className }: { config: ChartConfig; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-x-3 gap-y-1 text-xs', className)}>
      {Object.entries(config).map(([key, item]) => (
        <li key={key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-[2px]" style={{ backgroundColor: `var(--color-${key})` }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export { ChartContainer, ChartLegendList, ChartStyle, ChartTooltip, ChartTooltipContent, useChart };
