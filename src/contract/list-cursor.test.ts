import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type ListCursor } from './list-cursor';

const cursor = (key: ListCursor['key']): ListCursor => ({
  direction: 'next',
  sort: 'name',
  key,
  id: 'tenant-1',
});

describe('list cursor encoding', () => {
  // Keys of every length modulo 3 (no padding, one or two trailing digits) and multi-byte UTF-8.
  const keys = ['', 'a', 'ab', 'abc', 'Zürich ✓ 東京 🚀'.repeat(40), '2026-11-30T20:57:05.229389Z', 42, null];

  it('writes base64url of the JSON envelope, without padding', () => {
    for (const key of keys) {
      const json = JSON.stringify({ d: 'next', s: 'name', k: key, i: 'tenant-1' });
      expect(encodeCursor(cursor(key)), String(key)).toBe(Buffer.from(json).toString('base64url'));
    }
  });

  it('reads back what it wrote, and nothing altered', () => {
    for (const key of keys) expect(decodeCursor(encodeCursor(cursor(key)))).toEqual(cursor(key));
    const made = encodeCursor(cursor('abc'));
    expect(decodeCursor(`${made}x`)).toBeUndefined();
    expect(decodeCursor(Buffer.from('{"d":"sideways"}').toString('base64url'))).toBeUndefined();
  });
});
