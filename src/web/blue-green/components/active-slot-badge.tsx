import type { Slot } from '@contract/blue-green';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** BLUE or GREEN in its colour (shades that keep white text at 4.5:1 or more); 'No active slot' before any version went live. */
export function ActiveSlotBadge({ slot }: { slot: Slot | null }) {
  if (!slot) {
    return (
      <Badge variant="outline" data-testid="active-slot">
        No active slot
      </Badge>
    );
  }
  return (
    <Badge
      data-testid="active-slot"
      data-slot-color={slot}
      className={cn('text-white', slot === 'blue' ? 'bg-blue-600' : 'bg-green-700')}
    >
      {slot.toUpperCase()}
    </Badge>
  );
}
