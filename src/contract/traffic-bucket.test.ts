import { describe, expect, it } from 'vitest';
import { slotForUser, trafficBucket } from './traffic-bucket';

const users = Array.from({ length: 20_000 }, (_, i) => `user-${i}@example.com`);
const slots = (weight: number) => [
  { slot: 'blue', weight: 100 - weight, stable: true },
  { slot: 'green', weight, stable: false },
];

describe('traffic bucket', () => {
  it('is a number 0..99 that depends only on the user and the microfrontend', () => {
    for (const user of users.slice(0, 500)) {
      const bucket = trafficBucket(user, 'mfe-1');
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 100).toBe(true);
      expect(trafficBucket(user, 'mfe-1')).toBe(bucket);
    }
    // Known FNV-1a values (computed apart from this code) pin the function, so a shell's copy can be checked.
    expect(trafficBucket('alice', 'mfe-1')).toBe(0x290229e3 % 100);
    expect(trafficBucket('', '')).toBe(0x050c5d1f % 100);
    // The separator keeps ids apart that would otherwise concatenate alike.
    const ab = users.filter((u) => trafficBucket(`${u}a`, 'b') !== trafficBucket(u, 'ab'));
    expect(ab.length).toBeGreaterThan(users.length * 0.9);
  });

  it('sends a share of users close to the new slot weight, and other microfrontends other users', () => {
    for (const weight of [1, 10, 25, 50, 90]) {
      const moved = users.filter((u) => slotForUser(u, 'mfe-1', slots(weight))?.slot === 'green').length;
      expect(Math.abs(moved / users.length - weight / 100), `weight ${weight}`).toBeLessThan(0.015);
    }
    const early = (mfe: string) =>
      new Set(users.filter((u) => slotForUser(u, mfe, slots(10))?.slot === 'green'));
    const [one, two] = [early('mfe-1'), early('mfe-2')];
    const both = [...one].filter((u) => two.has(u)).length;
    // Independent buckets: about a tenth of one's early users are the other's too.
    expect(both / one.size).toBeLessThan(0.2);
  });

  it('never moves a user back while the weight only grows', () => {
    const steps = [0, 5, 10, 25, 50, 75, 100];
    for (const user of users.slice(0, 2_000)) {
      const path = steps.map((w) => slotForUser(user, 'mfe-1', slots(w))?.slot);
      const firstGreen = path.indexOf('green');
      expect(path[0]).toBe('blue');
      expect(path.at(-1)).toBe('green');
      expect(path.slice(firstGreen).every((s) => s === 'green')).toBe(true);
    }
  });

  it('loads the only slot outside a rollout, and nothing without slots', () => {
    expect(slotForUser('u', 'm', [{ slot: 'blue', weight: 100, stable: true }])?.slot).toBe('blue');
    expect(slotForUser('u', 'm', [])).toBeUndefined();
  });
});
