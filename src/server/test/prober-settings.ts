import type { ProberSettings } from '../delivery/probes/prober';
import { parseAllowance } from '../delivery/probes/address-policy';

const loopback = parseAllowance('127.0.0.1/32');
if (!('allowance' in loopback)) throw new Error('127.0.0.1/32 is an allowance');

/** The prober's settings in the tests: the defaults, with the test servers on 127.0.0.1 allowed. */
export const TEST_PROBER_SETTINGS: ProberSettings = {
  intervalSeconds: 15,
  timeoutMs: 2000,
  failureThreshold: 3,
  successThreshold: 1,
  allowance: loopback.allowance,
};
