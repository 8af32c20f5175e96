/**
 * Background classes for generated avatars: initials in white on one of these, each at least 4.5:1
 * against white (WCAG AA for small text) in both themes. Written out in full so Tailwind keeps them.
 */
export const AVATAR_COLORS = [
  'bg-red-700',
  'bg-orange-700',
  'bg-amber-700',
  'bg-emerald-700',
  'bg-teal-700',
  'bg-sky-700',
  'bg-blue-700',
  'bg-indigo-700',
  'bg-violet-700',
  'bg-fuchsia-700',
  'bg-rose-700',
] as const;

/**
 * The same colour for the same person on every screen and every visit, computed locally (no avatar
 * service, so nothing leaves the host): a 32-bit FNV-1a hash of the seed picks from AVATAR_COLORS.
 */
export function avatarColor(seed: string): (typeof AVATAR_COLORS)[number] {
  let hash = 0x811c9dc5;
  for (const char of seed.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}
