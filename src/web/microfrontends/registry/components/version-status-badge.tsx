import { Badge, type BadgeVariant } from '@/components/ui/badge';

const styles: Record<string, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  published: { label: 'Published', variant: 'default' },
  deprecated: { label: 'Deprecated', variant: 'outline' },
};

/**
 * draft (secondary), published (default), deprecated (outline, as in docs/product.md, States and
 * transitions); others raw.
 */
export function VersionStatusBadge({ status }: { status: string }) {
  const style = styles[status.toLowerCase()] ?? { label: status, variant: 'outline' as const };
  return (
    <Badge variant={style.variant} data-testid="version-status">
      {style.label}
    </Badge>
  );
}
