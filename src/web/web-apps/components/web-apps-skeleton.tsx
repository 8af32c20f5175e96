import { CardGridSkeleton } from '@/components/card-grid-skeleton';

/** Placeholder cards while the list loads. */
export function WebAppsSkeleton() {
  return <CardGridSkeleton label="Loading applications" testId="web-apps-skeleton" />;
}
