import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type BackLinkProps = { to: string; children: ReactNode; className?: string };

/** "Back to …" above a detail screen: a quiet link to the list it came from, flush with the content. */
export function BackLink({ to, children, className }: BackLinkProps) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn('-ml-2', className)}>
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
