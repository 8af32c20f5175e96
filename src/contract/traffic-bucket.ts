/*
 * A user's stable bucket for splitting a microfrontend's users between its slots during a rollout
 * (docs/traffic-splitting.md). The bucket depends only on the user and the microfrontend, so a user
 * keeps it across page loads, devices and shells; a user goes to the new slot when the bucket is below
 * the new slot's weight, so as the weight only grows a user who moved never moves back.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`. */
function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash;
}

/**
 * The user's bucket for one microfrontend, 0..99. The NUL between the ids keeps ("ab", "c") and
 * ("a", "bc") apart; the microfrontend's id in the hash gives each microfrontend its own early users.
 */
export function trafficBucket(userId: string, microfrontendId: string): number {
  return fnv1a(`${userId}\u0000${microfrontendId}`) % 100;
}

/** What the choice reads of a manifest slot (meshSlotSchema). */
export interface WeightedSlot {
  weight: number;
  stable: boolean;
}

/**
 * The slot to load for a user: the new (not stable) slot when the user's bucket is below its weight,
 * else the stable one. Undefined only when there is no slot at all.
 */
export function slotForUser<S extends WeightedSlot>(
  userId: string,
  microfrontendId: string,
  slots: readonly S[],
): S | undefined {
  const stable = slots.find((slot) => slot.stable);
  const next = slots.find((slot) => !slot.stable);
  if (next && trafficBucket(userId, microfrontendId) < next.weight) return next;
  return stable ?? next;
}
