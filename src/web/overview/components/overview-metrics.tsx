import type { Overview } from '@contract/overview';
import { Activity, AppWindow, Blocks, Building2, type LucideIcon } from 'lucide-react';
import { MetricCard } from '@/components/metric-card';

/** The overview's counts. */
type Count = { [K in keyof Overview]: Overview[K] extends number ? K : never }[keyof Overview];

type Metric = { key: Count; title: string; icon: LucideIcon; description: string };

const metrics: Metric[] = [
  {
    key: 'totalTenants',
    title: 'Total Tenants',
    icon: Building2,
    description: 'Organisational units on the platform',
  },
  {
    key: 'capabilities',
    title: 'Capabilities',
    icon: Blocks,
    description: 'Shared services tenants can subscribe to',
  },
  {
    key: 'webApps',
    title: 'Web Apps',
    icon: AppWindow,
    description: 'Applications registered under tenants',
  },
  {
    key: 'activeResources',
    title: 'Active Resources',
    icon: Activity,
    description: 'Active tenants, running apps and available capabilities',
  },
];

/** "totalTenants" -> "metric-total-tenants". */
const testIdOf = (key: string) => `metric-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

export function OverviewMetrics({ overview }: { overview: Overview }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {metrics.map(({ key, ...metric }) => (
        <MetricCard key={key} data-testid={testIdOf(key)} value={overview[key]} {...metric} />
      ))}
    </div>
  );
}
