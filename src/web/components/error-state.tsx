import { CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

type ErrorStateProps = {
  error?: unknown;
  title?: string;
  /** Shown when the error carries no server message. */
  fallbackMessage?: string;
  onRetry?: () => void;
  className?: string;
};

export function ErrorState({
  error,
  title = 'Something went wrong',
  fallbackMessage = 'The data could not be loaded.',
  onRetry,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      data-testid="error-state"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border border-destructive/40 p-8 text-center',
        className,
      )}
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{getErrorMessage(error, fallbackMessage)}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      )}
    </div>
  );
}
