import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

type StatusStyle = { label: string; variant: BadgeVariant; live?: boolean };

// docs/product.md, States and transitions; keys are lower-case because matching is case-insensitive.
const statusStyles: Record<string, StatusStyle> = {
  active: { label: 'Active', variant: 'default', live: true },
  running: { label: 'Running', variant: 'default', live: true },
  available: { label: 'Available', variant: 'default', live: true },
  provisioning: { label: 'Provisioning', variant: 'secondary' },
  stopped: { label: 'Stopped', variant: 'destructive' },
  inactive: { label: 'Inactive', variant: 'secondary' },
  deprecated: { label: 'Deprecated', variant: 'outline' },
};

export function getStatusStyle(status: string): StatusStyle {
  return statusStyles[status.trim().toLowerCase()] ?? { label: status, variant: 'outline' };
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, variant, live } = getStatusStyle(status);

  return (
    <Badge variant={variant} className={cn('gap-1.5', className)} data-testid="status-badge">
      {live && (
        <span className="relative flex size-2" data-testid="status-pulse" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-75" />
          <span className="relative inline-flex size-2 rounded-full bg-success" />
        </span>
      )}
      {label}
    </Badge>
  );
}
