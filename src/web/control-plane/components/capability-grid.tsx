import type { Capability } from '@contract/capabilities';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CapabilityCard } from '@/control-plane/components/capability-card';

type CapabilityGridProps = {
  capabilities: Capability[];
  total: number;
  activeFor: (capability: Capability) => ConfigurationVersion | undefined;
  canConfigure: boolean;
  onConfigure: (capability: Capability) => void;
  onHistory: (capability: Capability) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/**
 * Every capability as a card. The catalogue arrives a page at a time: the next page is asked for when
 * the end of the grid scrolls into view (or with the button, for keyboards and for browsers without
 * IntersectionObserver), so no capability is ever silently left out.
 */
export function CapabilityGrid({
  capabilities,
  total,
  activeFor,
  canConfigure,
  onConfigure,
  onHistory,
  hasMore,
  loadingMore,
  onLoadMore,
}: CapabilityGridProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {capabilities.map((capability) => (
          <CapabilityCard
            key={capability.id}
            capability={capability}
            active={activeFor(capability)}
            canConfigure={canConfigure}
            onConfigure={() => onConfigure(capability)}
            onHistory={() => onHistory(capability)}
          />
        ))}
      </div>
      {hasMore && (
        <div ref={sentinel} className="flex flex-col items-center gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {capabilities.length} of {total} capabilities
          </p>
          <Button variant="outline" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading more capabilities...' : 'Show more capabilities'}
          </Button>
        </div>
      )}
    </div>
  );
}
