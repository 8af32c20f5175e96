import { Skeleton } from '@/components/ui/skeleton';

export function AuditLogSkeleton() {
  return (
    <div className="space-y-2" data-testid="audit-skeleton">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
