import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * Preformatted text in a box that scrolls when it is too long or too wide. The box takes keyboard focus
 * (a named region), so people who do not use a mouse can scroll it too (axe scrollable-region-focusable).
 */
export function CodeBlock({
  label,
  className,
  ...props
}: React.ComponentProps<'pre'> & {
  /** What the text is, e.g. "Configuration of version 3". */ label: string;
}) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cn(
        'overflow-auto rounded bg-muted p-2 font-mono text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
      {...props}
    />
  );
}
