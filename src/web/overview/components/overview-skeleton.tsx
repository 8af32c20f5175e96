import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const METRIC_SLOTS = ['a', 'b', 'c', 'd'];
const LIST_SLOTS = ['tenants', 'web-apps'];
const ROW_SLOTS = ['1', '2', '3'];

export function OverviewSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" data-testid="overview-loading">
      <span className="sr-only">Loading overview…</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {METRIC_SLOTS.map((slot) => (
          <Card key={slot} className="gap-3">
            <CardHeader>
              <Skeleton className="h-4 w-24" />
            </CardHeader>
            <CardContent className="space-y-2">
              <Skeleton className="h-7 w-16" />
              <Skeleton className="h-3 w-40" />
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {LIST_SLOTS.map((slot) => (
          <Card key={slot}>
            <CardHeader>
              <Skeleton className="h-5 w-32" />
            </CardHeader>
            <CardContent className="space-y-4">
              {ROW_SLOTS.map((row) => (
                <div key={row} className="flex items-center justify-between">
                  <div className="space-y-1.5">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-3 w-28" />
                  </div>
                  <Skeleton className="h-5 w-16" />
                </div>
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
