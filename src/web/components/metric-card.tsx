import type { LucideIcon } from 'lucide-react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export type MetricTrend = { value: number; isPositive: boolean };

type MetricCardProps = {
  title: string;
  value: React.ReactNode;
  icon: LucideIcon;
  description?: string;
  trend?: MetricTrend;
} & Omit<React.ComponentProps<typeof Card>, 'title'>;

/** A title, a value, an icon, an optional description and an optional trend (docs/product.md, Shell). */
export function MetricCard({
  title,
  value,
  icon: Icon,
  description,
  trend,
  className,
  ...props
}: MetricCardProps) {
  const TrendIcon = trend?.isPositive ? TrendingUp : TrendingDown;

  return (
    <Card className={cn('gap-2', className)} {...props}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-1">
        <div className="text-2xl font-bold tabular-nums" data-testid="metric-value">
          {value}
        </div>
        {(description || trend) && (
          <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            {trend && (
              <span
                data-testid="metric-trend"
                data-positive={trend.isPositive}
                className={cn(
                  'inline-flex items-center gap-0.5 font-medium',
                  trend.isPositive ? 'text-success' : 'text-destructive',
                )}
              >
                <TrendIcon className="size-3" aria-hidden="true" />
                {trend.isPositive ? '+' : '-'}
                {Math.abs(trend.value)}%
                <span className="sr-only">{trend.isPositive ? ' increase' : ' decrease'}</span>
              </span>
            )}
            {description && <span>{description}</span>}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
