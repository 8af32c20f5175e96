import type { Overview } from '@contract/overview';
import { Activity, AppWindow, Blocks, Building2 } from 'lucide-react';
import { MetricCard } from '@/components/metric-card';

export function OverviewMetrics({ overview }: { overview: Overview }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        data-testid="metric-total-tenants"
        title="Total Tenants"
        value={overview.totalTenants}
        icon={Building2}
        description="Organisational units on the platform"
      />
      <MetricCard
        data-testid="metric-capabilities"
        title="Capabilities"
        value={overview.capabilities}
        icon={Blocks}
        description="Shared services tenants can subscribe to"
      />
      <MetricCard
        data-testid="metric-web-apps"
        title="Web Apps"
        value={overview.webApps}
        icon={AppWindow}
        description="Applications registered under tenants"
      />
      <MetricCard
        data-testid="metric-active-resources"
        title="Active Resources"
        value={overview.activeResources}
        icon={Activity}
        description="Active tenants, running apps and available capabilities"
      />
    </div>
  );
}
