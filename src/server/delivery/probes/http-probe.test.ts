import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthServer } from '../../test/health-server';
import { NO_ALLOWANCE, parseAllowance, type AddressAllowance } from './address-policy';
import { PROBE_BODY_LIMIT_BYTES, probeUrl } from './http-probe';

const allow = (text: string): AddressAllowance => {
  const parsed = parseAllowance(text);
  if (!('allowance' in parsed)) throw new Error('bad allowance');
  return parsed.allowance;
};
const LOOPBACK = allow('127.0.0.1/32');

describe('a health probe over real HTTP', { timeout: 20_000 }, () => {
  let health: HealthServer;
  beforeAll(async () => {
    health = await startHealthServer();
  });
  afterAll(() => health.close());
  const probe = (url: string, allowance = LOOPBACK, timeoutMs = 2000) =>
    probeUrl(url, { timeoutMs, allowance });

  it('is healthy on a 2xx and unhealthy on any other status, naming it', async () => {
    health.set({ status: 204 });
    expect(await probe(health.url())).toMatchObject({ ok: true, statusCode: 204, reason: null });
    health.set({ status: 503 });
    expect(await probe(health.url())).toMatchObject({ ok: false, statusCode: 503, reason: 'HTTP 503' });
  });

  it('gives up after the timeout on an endpoint that never answers', async () => {
    health.set({ hang: true });
    const outcome = await probe(health.url(), LOOPBACK, 300);
    expect(outcome).toMatchObject({ ok: false, statusCode: null, reason: 'Timed out after 300 ms' });
  });

  it('says so when nothing listens', async () => {
    // A port that was free a moment ago: bound, closed, then probed.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolve(free));
      });
    });
    expect(await probe(`http://127.0.0.1:${port}/health`)).toMatchObject({
      ok: false,
      reason: 'Connection refused',
    });
  });

  it('follows no redirect, and says where it pointed', async () => {
    health.set({ redirectTo: 'http://169.254.169.254/latest/meta-data/' });
    const before = health.requests();
    expect(await probe(health.url())).toMatchObject({
      ok: false,
      statusCode: 302,
      reason: 'Redirect to another host (169.254.169.254): not followed',
    });
    expect(health.requests()).toBe(before + 1);
    health.set({ redirectTo: '/elsewhere' });
    expect((await probe(health.url())).reason).toBe('Redirect to another path: not followed');
  });

  it('reads a body only up to its limit', async () => {
    health.set({ endlessBody: true });
    const outcome = await probe(health.url());
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(PROBE_BODY_LIMIT_BYTES).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuses loopback without an allowance, before connecting', async () => {
    health.set({ status: 200 });
    const before = health.requests();
    const outcome = await probe(health.url(), NO_ALLOWANCE);
    expect(outcome).toMatchObject({
      ok: false,
      statusCode: null,
      reason: 'Refused: 127.0.0.1 is a loopback address; allow it with HEALTH_CHECK_ALLOW',
    });
    expect(health.requests()).toBe(before);
  });

  it('refuses a name that resolves to a refused address (checked after resolution)', async () => {
    const before = health.requests();
    const outcome = await probe(`http://localhost:${health.port}/health`, NO_ALLOWANCE);
    expect(outcome.ok).toBe(false);
    expect(outcome.reason).toMatch(/^Refused: (127\.0\.0\.1|::1) is a loopback address/);
    expect(health.requests()).toBe(before);
  });

  it.each([
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/', /link-local \(metadata\)/],
    ['a private address', 'http://10.0.0.5:8080/health', /10\.0\.0\.5 is a private address/],
    ['an IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:9/health', /loopback/],
    ['an IPv6 loopback', 'http://[::1]:9/health', /::1 is a loopback address/],
  ])('refuses %s without connecting', async (_what, url, reason) => {
    const outcome = await probe(url, NO_ALLOWANCE, 500);
    expect(outcome).toMatchObject({ ok: false, statusCode: null });
    expect(outcome.reason).toMatch(reason);
    expect(outcome.durationMs).toBeLessThan(500);
  });

  it('probes a host name the operator allowed, whatever it resolves to', async () => {
    const outcome = await probe(`http://localhost:${health.port}/health`, allow('localhost'));
    // localhost may resolve to ::1 first, where the test server does not listen: either way, not refused.
    expect(outcome.reason ?? '').not.toMatch(/^Refused/);
  });

  it('sends no credentials and refuses URLs that carry them', async () => {
    expect((await probe(`http://user:secret@127.0.0.1:${health.port}/health`)).reason).toBe(
      'URLs with credentials are not probed',
    );
    expect((await probe('ftp://127.0.0.1/health')).reason).toBe('Only http and https URLs are probed');
  });
});
