import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { ErrorState } from '@/components/error-state';

/** Per-route boundary: a 404 shows the not-found page, anything else an error with a reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  // A chunk that fails to load after a deploy also lands here; a reload fetches the new one.
  return (
    <ErrorState
      className="my-8"
      error={error}
      title="This page failed to load"
      fallbackMessage="An unexpected error occurred."
      onRetry={() => window.location.reload()}
    />
  );
}
