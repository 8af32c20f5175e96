import { describe, expect, it } from 'vitest';
import { environmentLabel, formatDate, getInitials, technologyLabel } from '@/lib/format';

describe('getInitials', () => {
  it.each([
    ['Alice Johnson', 'AJ'],
    ['alice johnson', 'AJ'],
    ['Alice Mary Johnson', 'AM'],
    ['  Bob   Stone  ', 'BS'],
    ['Madonna', 'MA'],
    ['x', 'X'],
    ['', ''],
  ])('%j -> %j', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });

  it('never returns more than 2 characters', () => {
    for (const name of ['A B C D', 'Supercalifragilistic', 'Jean-Luc Picard Enterprise']) {
      expect(getInitials(name).length).toBeLessThanOrEqual(2);
    }
  });

  it('handles missing names', () => {
    expect(getInitials(null)).toBe('');
    expect(getInitials(undefined)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats a timestamp as a local date', () => {
    const iso = '2024-03-15T12:00:00.000Z';
    expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString());
  });

  it.each([null, undefined, '', 'not a date'])('returns N/A for %j', (value) => {
    expect(formatDate(value)).toBe('N/A');
  });
});

describe('labels', () => {
  it.each([
    ['development', 'Dev'],
    ['uat', 'UAT'],
    ['production', 'Prod'],
    ['staging', 'staging'],
  ])('environment %s -> %s', (value, label) => {
    expect(environmentLabel(value)).toBe(label);
  });

  it.each([
    ['module-federation', 'Module Federation'],
    ['web-component', 'Web Component'],
    ['iframe-composition', 'Iframe Composition'],
    ['server-side-includes', 'server-side-includes'],
  ])('technology %s -> %s', (value, label) => {
    expect(technologyLabel(value)).toBe(label);
  });
});
