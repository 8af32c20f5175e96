import { ArrowDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

type Tone = 'host' | 'remote' | 'shared' | 'muted';

const tones: Record<Tone, string> = {
  host: 'border-primary/60 bg-primary/10',
  remote: 'border-sky-500/60 bg-sky-500/10',
  shared: 'border-emerald-500/60 bg-emerald-500/10',
  muted: 'border-dashed border-muted-foreground/40 bg-muted/40',
};

/** A labelled box of an architecture diagram. */
export function DiagramBox({
  title,
  subtitle,
  tone = 'remote',
  className,
  children,
}: {
  title: string;
  subtitle?: string;
  tone?: Tone;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn('rounded-lg border-2 p-3 text-center', tones[tone], className)}>
      <p className="text-sm font-semibold">{title}</p>
      {subtitle && <p className="font-mono text-xs text-muted-foreground">{subtitle}</p>}
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}

/** A downward arrow with an optional caption between diagram rows. */
export function DiagramArrow({ label }: { label?: string }) {
  return (
    <div className="flex flex-col items-center py-1 text-muted-foreground">
      <ArrowDown className="size-5" aria-hidden="true" />
      {label && <span className="text-xs">{label}</span>}
    </div>
  );
}

/** The frame of one diagram; the figure is described for screen readers by its caption. */
export function DiagramFrame({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <figure className="space-y-3">
      <div className="rounded-xl border bg-background p-4 sm:p-6" aria-hidden="true">
        {children}
      </div>
      <figcaption className="text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
