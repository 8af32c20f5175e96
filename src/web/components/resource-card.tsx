import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';

type ResourceCardProps = {
  /** The card's accessible name (it is an article). */
  name: string;
  'data-testid': string;
  /** What the title shows: the name, or a link named by it. */
  title: ReactNode;
  description: string | null;
  status: string;
  /** The card's menu of actions, beside its status. */
  actions: ReactNode;
  /** The details. */
  children: ReactNode;
  footer: ReactNode;
};

/** One resource of a card grid (Tenant Management, Web Applications): title, status, actions, details. */
export function ResourceCard({
  name,
  'data-testid': testId,
  title,
  description,
  status,
  actions,
  children,
  footer,
}: ResourceCardProps) {
  return (
    <Card data-testid={testId} role="article" aria-label={name} className="gap-4">
      <CardHeader>
        <CardTitle className="truncate">{title}</CardTitle>
        <CardDescription className="line-clamp-2">{description}</CardDescription>
        <CardAction className="flex items-center gap-1">
          <StatusBadge status={status} />
          {actions}
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">{children}</CardContent>
      <CardFooter className="mt-auto">{footer}</CardFooter>
    </Card>
  );
}

/** One "label: value" row of a card's details (inside a <dl>); a long value is cut with an ellipsis. */
export function CardDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium">{children}</dd>
    </div>
  );
}
