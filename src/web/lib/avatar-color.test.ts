import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor } from '@/lib/avatar-color';

describe('avatarColor', () => {
  it('gives one person the same colour whatever the case or spacing of the seed', () => {
    expect(avatarColor('Sofia Martínez')).toBe(avatarColor(' sofia martínez '));
    expect(AVATAR_COLORS).toContain(avatarColor('Sofia Martínez'));
  });

  it('spreads different people over the palette', () => {
    const names = ['Alex Morgan', 'Priya Raman', 'Daniel Okafor', 'Sofia Martínez', 'Kenji Watanabe'];
    const more = ['Emma Schmidt', "Liam O'Brien", 'Mei Lin', 'Ada Lovelace', 'Grace Hopper'];
    expect(new Set([...names, ...more].map(avatarColor)).size).toBeGreaterThanOrEqual(5);
  });
});
