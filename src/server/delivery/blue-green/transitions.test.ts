import { describe, expect, it } from 'vitest';
import { recentEvents, type BlueGreenConfig } from '../../../contract/blue-green';
import { AppError } from '../../errors';
import { rollback, setSlotVersion, switchSlot, toggle } from './transitions';

const AT = '2026-01-01T00:00:00.000Z';

describe('blue-green transitions', () => {
  it('enables an environment with no live slot; the first version set goes live', () => {
    let config: BlueGreenConfig = toggle({}, 'production', true);
    expect(config.production).toEqual({
      enabled: true,
      activeSlot: null,
      blueVersion: '',
      greenVersion: '',
      deploymentHistory: [],
    });
    config = setSlotVersion(config, 'production', 'blue', '1.0.0');
    expect(config.production?.activeSlot).toBe('blue');
    config = setSlotVersion(config, 'production', 'green', '1.1.0');
    expect(config.production).toMatchObject({
      activeSlot: 'blue',
      blueVersion: '1.0.0',
      greenVersion: '1.1.0',
    });
  });

  it('switches to the other slot with the given version and records the event', () => {
    const start = setSlotVersion(toggle({}, 'uat', true), 'uat', 'blue', '1.0.0');
    const config = switchSlot(start, 'uat', '2.0.0', AT);
    expect(config.uat).toMatchObject({ activeSlot: 'green', blueVersion: '1.0.0', greenVersion: '2.0.0' });
    expect(config.uat?.deploymentHistory).toEqual([
      {
        action: 'switch',
        fromSlot: 'blue',
        fromVersion: '1.0.0',
        toSlot: 'green',
        toVersion: '2.0.0',
        timestamp: AT,
      },
    ]);
  });

  it('rolls back to the previous slot, keeping versions, and records it', () => {
    const switched = switchSlot(
      setSlotVersion(toggle({}, 'uat', true), 'uat', 'blue', '1.0.0'),
      'uat',
      '2.0.0',
      AT,
    );
    const config = rollback(switched, 'uat', AT);
    expect(config.uat).toMatchObject({ activeSlot: 'blue', blueVersion: '1.0.0', greenVersion: '2.0.0' });
    expect(config.uat?.deploymentHistory.at(-1)).toEqual({
      action: 'rollback',
      fromSlot: 'green',
      fromVersion: '2.0.0',
      toSlot: 'blue',
      toVersion: '1.0.0',
      timestamp: AT,
    });
  });

  it('refuses changes to a disabled environment, a switch without a live slot and a rollback without history', () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof AppError ? `${error.code}: ${error.message}` : String(error);
      }
      return 'accepted';
    };
    expect(refused(() => switchSlot({}, 'production', '1.0.0', AT))).toBe(
      'CONFLICT: Blue-green deployment is not enabled for production',
    );
    expect(refused(() => switchSlot(toggle({}, 'production', true), 'production', '1.0.0', AT))).toBe(
      'CONFLICT: No active slot to switch from in production',
    );
    const live = setSlotVersion(toggle({}, 'production', true), 'production', 'blue', '1.0.0');
    expect(refused(() => rollback(live, 'production', AT))).toBe(
      'CONFLICT: Nothing to roll back in production',
    );
    expect(
      refused(() => setSlotVersion(toggle(live, 'production', false), 'production', 'green', '2.0.0')),
    ).toBe('CONFLICT: Blue-green deployment is not enabled for production');
  });

  it('shows the last five events newest first', () => {
    let config = setSlotVersion(toggle({}, 'production', true), 'production', 'blue', 'v0');
    for (let i = 1; i <= 7; i++) config = switchSlot(config, 'production', `v${i}`, AT);
    expect(recentEvents(config.production).map((e) => e.toVersion)).toEqual(['v7', 'v6', 'v5', 'v4', 'v3']);
  });
});
