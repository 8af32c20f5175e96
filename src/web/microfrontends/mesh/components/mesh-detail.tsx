import type * as React from 'react';
import { cn } from '@/lib/utils';

/** One term and its value inside a <dl>. */
export function MeshDetail({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
