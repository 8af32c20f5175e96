import type { RouteMethod } from '@contract/gateway';
import { cn } from '@/lib/utils';
import { methodStyles } from '@/gateway/lib/method-styles';

/** A method as a coloured, monospace tag; the text carries the meaning, the colour only helps scan. */
export function MethodBadge({ method }: { method: RouteMethod }) {
  return (
    <span
      data-method={method}
      className={cn(
        'inline-flex items-center rounded px-1.5 py-0.5 font-mono text-[11px] font-semibold',
        methodStyles[method],
      )}
    >
      {method}
    </span>
  );
}

export function MethodBadges({ methods }: { methods: readonly RouteMethod[] }) {
  return (
    <ul className="flex min-w-28 flex-wrap gap-1 sm:min-w-44" aria-label="Methods">
      {methods.map((method) => (
        <li key={method}>
          <MethodBadge method={method} />
        </li>
      ))}
    </ul>
  );
}
