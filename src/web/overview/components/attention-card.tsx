import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, RefreshCw } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

type AttentionCardProps<T> = {
  /** The card's test id and the root of its heading's id. */
  id: string;
  title: string;
  description?: string;
  /** Where what the card shows is acted on. */
  link: { to: string; label: string };
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => React.ReactNode;
  className?: string;
};

/** The card's body in each state of its query. */
function CardState<T>({
  title,
  query,
  isEmpty,
  emptyText,
  children,
}: Pick<AttentionCardProps<T>, 'title' | 'query' | 'isEmpty' | 'emptyText' | 'children'>) {
  return (
    <>
      {query.status === 'pending' && (
        <div className="space-y-2" data-testid="card-loading">
          <span className="sr-only">Loading {title.toLowerCase()}…</span>
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-5 w-3/5" />
        </div>
      )}
      {query.status === 'error' && (
        <div role="alert" data-testid="card-error" className="flex items-start gap-2 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div className="space-y-1">
            <p>{getErrorMessage(query.error, `Could not load ${title.toLowerCase()}.`)}</p>
            <Button variant="outline" size="sm" className="h-7" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              Retry
            </Button>
          </div>
        </div>
      )}
      {query.status === 'success' &&
        (isEmpty(query.data) ? (
          <p data-testid="card-empty" className="py-2 text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          children(query.data)
        ))}
    </>
  );
}

/**
 * One Overview card: a titled region with its loading, error and empty states kept compact (a card is a
 * small part of one screen), and a link to the page where its items are acted on.
 */
export function AttentionCard<T>({
  id,
  title,
  description,
  link,
  query,
  isEmpty,
  emptyText,
  children,
  className,
}: AttentionCardProps<T>) {
  const headingId = `${id}-heading`;
  return (
    <Card
      data-testid={id}
      role="region"
      aria-labelledby={headingId}
      aria-busy={query.status === 'pending'}
      className={cn('gap-2 py-3', className)}
    >
      <CardHeader className="px-4">
        <CardTitle id={headingId} role="heading" aria-level={2} className="text-base">
          {title}
        </CardTitle>
        {description && <CardDescription className="text-xs">{description}</CardDescription>}
        <CardAction>
          <Button asChild variant="ghost" size="sm" className="h-7 px-2 text-xs">
            <Link to={link.to}>
              {link.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="min-h-0 flex-1 px-4">
        <CardState title={title} query={query} isEmpty={isEmpty} emptyText={emptyText}>
          {children}
        </CardState>
      </CardContent>
    </Card>
  );
}

/** A card's list of its first rows, with how many more there are when it holds only some. */
export function CappedList({
  total,
  shown,
  children,
}: {
  total: number;
  shown: number;
  children: React.ReactNode;
}) {
  return (
    <ul className="divide-y">
      {children}
      {total > shown && <li className="pt-1.5 text-xs text-muted-foreground">and {total - shown} more</li>}
    </ul>
  );
}
