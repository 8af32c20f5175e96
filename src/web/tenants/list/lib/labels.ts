import { disasterRecoveryTiers } from '@contract/vocabulary';

/** 'Tier 0 - Mission Critical (RTO 0-4h, RPO 0-1h)' (docs/product.md, Constants and limits). */
export const drTierOptions = disasterRecoveryTiers.map((tier) => ({
  value: tier.value,
  label: `Tier ${tier.value.replace('tier-', '')} - ${tier.label} (RTO ${tier.rto}, RPO ${tier.rpo})`,
}));

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** public Public, internal Internal, ... */
export const classificationLabel = capitalise;

/** Options with `current` added when it is a value outside the list (set elsewhere, e.g. the control plane). */
export function withCurrent<T extends { value: string; label: string }>(
  options: readonly T[],
  current: string | null | undefined,
): { value: string; label: string }[] {
  if (!current || options.some((option) => option.value === current)) return [...options];
  return [...options, { value: current, label: current }];
}
