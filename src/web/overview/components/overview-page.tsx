import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { environmentLabel, technologyLabel } from '@/lib/format';
import { useOverview } from '@/overview/api/get-overview';
import { OverviewMetrics } from '@/overview/components/overview-metrics';
import { OverviewSkeleton } from '@/overview/components/overview-skeleton';
import { RecentListCard, type RecentItem } from '@/overview/components/recent-list-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ActivityCard } from '@/overview/components/activity-card';
import { RequestsCard } from '@/overview/components/requests-card';
import { RolloutsCard } from '@/overview/components/rollouts-card';
import { ScheduledCard } from '@/overview/components/scheduled-card';
import { SlotsCard } from '@/overview/components/slots-card';

/** docs/product.md, Constants and limits: the Overview lists 3 recent items (mirrors
 * OVERVIEW_RECENT_COUNT in the contract, not imported as a value so zod stays out of this chunk). */
const RECENT_COUNT = 3;

/** What needs the viewer: one screen of a laptop (1366x768) without scrolling (docs/overview.md). */
function AttentionGrid() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="overview-attention">
      <RequestsCard />
      <RolloutsCard />
      <ScheduledCard />
      <SlotsCard />
      <ActivityCard className="md:col-span-2 xl:col-span-2" />
    </div>
  );
}

export function OverviewPage() {
  useDocumentTitle('Overview');
  const overview = useOverview();

  return (
    <div className="space-y-4">
      <PageHeader title="Overview" />
      <AttentionGrid />
      {overview.status === 'pending' && <OverviewSkeleton />}
      {overview.status === 'error' && (
        <ErrorState
          error={overview.error}
          title="Could not load the overview"
          onRetry={() => void overview.refetch()}
        />
      )}
      {overview.status === 'success' && (
        <>
          <OverviewMetrics overview={overview.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <RecentListCard
              testId="recent-tenants"
              title="Recent Tenants"
              description="The latest organisational units"
              createLabel="Create Tenant"
              createTo="/tenants"
              emptyText="No tenants yet"
              items={overview.data.recentTenants.slice(0, RECENT_COUNT).map((tenant): RecentItem => ({
                id: tenant.id,
                name: tenant.name,
                detail: tenant.owner,
                status: tenant.status,
                createdAt: tenant.createdAt,
                href: `/tenant/${encodeURIComponent(tenant.id)}/control-plane`,
              }))}
            />
            <RecentListCard
              testId="recent-web-apps"
              title="Recent Web Apps"
              description="The latest registered applications"
              createLabel="Create Web App"
              createTo="/apps"
              emptyText="No web apps yet"
              items={overview.data.recentWebApps.slice(0, RECENT_COUNT).map((app): RecentItem => ({
                id: app.id,
                name: app.name,
                detail: `${technologyLabel(app.technology)} · ${environmentLabel(app.environment)}`,
                status: app.status,
                createdAt: app.createdAt,
              }))}
            />
          </div>
        </>
      )}
    </div>
  );
}
