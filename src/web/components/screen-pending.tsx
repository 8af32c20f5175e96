import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';

type ScreenPendingProps = {
  title: string;
  description?: string;
  back?: { to: string; label: string };
};

/** Placeholder for a screen whose implementation lands later; keeps the route and heading real. */
export function ScreenPending({ title, description, back }: ScreenPendingProps) {
  return (
    <div className="space-y-6">
      {back && (
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
      )}
      <PageHeader title={title} description={description} />
      <p className="text-sm text-muted-foreground" data-testid="screen-pending">
        This screen is not yet available.
      </p>
    </div>
  );
}
