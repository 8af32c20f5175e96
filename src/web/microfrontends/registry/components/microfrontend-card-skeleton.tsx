import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Placeholder cards while the registry page loads, each the height of a card with two versions (the
 * title, a description line, the versions table's header and two rows), so the cards that replace
 * them do not push the page around.
 */
export function MicrofrontendCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="space-y-4" aria-label="Loading microfrontends" data-testid="microfrontends-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} data-testid="microfrontend-card-skeleton">
          <CardHeader>
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-72 max-w-full" />
          </CardHeader>
          <CardContent className="space-y-1">
            {/* The versions table: a 40 px header, then 41 px rows (a cell and its border). */}
            <Skeleton className="h-9" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
