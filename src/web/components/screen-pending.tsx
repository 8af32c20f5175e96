import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/page-header';

type ScreenPendingProps = {
  title: string;
  description?: string;
  back?: { to: string; label: string };
};

/** Placeholder for a screen whose implementation lands later; keeps the route and heading real. */
export function ScreenPending({ title, description, back }: ScreenPendingProps) {
  return (
    <div className="space-y-6">
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      <PageHeader title={title} description={description} />
      <p className="text-sm text-muted-foreground" data-testid="screen-pending">
        This screen is not yet available.
      </p>
    </div>
  );
}
