import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

export type RecentItem = {
  id: string;
  name: string;
  detail?: string;
  status: string;
  createdAt: string | null;
  href?: string;
};

type RecentListCardProps = {
  title: string;
  description: string;
  createLabel: string;
  createTo: string;
  emptyText: string;
  items: RecentItem[];
  testId: string;
};

export function RecentListCard({
  title,
  description,
  createLabel,
  createTo,
  emptyText,
  items,
  testId,
}: RecentListCardProps) {
  const headingId = `${testId}-heading`;

  return (
    <Card data-testid={testId} aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} role="heading" aria-level={2}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        <CardAction>
          <Button asChild size="sm">
            <Link to={createTo}>
              <Plus aria-hidden="true" />
              {createLabel}
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <EmptyState title={emptyText} className="p-6" />
        ) : (
          <ul className="divide-y">
            {items.map((item) => (
              <li
                key={item.id}
                data-testid="recent-item"
                className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 space-y-0.5">
                  {item.href ? (
                    <Link to={item.href} className="block truncate font-medium hover:underline">
                      {item.name}
                    </Link>
                  ) : (
                    <p className="truncate font-medium">{item.name}</p>
                  )}
                  <p className="truncate text-xs text-muted-foreground">
                    {item.detail && <span>{item.detail} · </span>}
                    <span>Created {formatDate(item.createdAt)}</span>
                  </p>
                </div>
                <StatusBadge status={item.status} className="shrink-0" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
