import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 5000, LOG_LEVEL: 'info', SEED_DEMO: true, HOST: '0.0.0.0' });
    expect(env.DATA_DIR).toBe(resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads every variable and treats empty ones as unset', () => {
    const env = parseEnv({
      PORT: '8080',
      DATA_DIR: '/tmp/rm',
      DATABASE_URL: 'postgres://u@h:5432/db',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'debug',
      ADMIN_EMAIL: '',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/tmp/rm',
      DATABASE_URL: 'postgres://u@h:5432/db',
      SEED_DEMO: false,
      LOG_LEVEL: 'debug',
    });
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it('lists every bad variable with its value and the reason', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const { problems, message } = error as EnvError;
      expect(problems).toHaveLength(4);
      expect(message).toContain('PORT="abc": must be a number');
      expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
      expect(message).toContain('LOG_LEVEL="loud"');
      expect(message).toContain('SEED_DEMO="maybe": must be true or false');
    }
  });

  it('refuses a port out of range', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT="70000": must be between 0 and 65535/);
  });

  it('serves no metrics unless METRICS_PORT is set, and binds them to loopback by default', () => {
    const off = parseEnv({});
    expect(off.METRICS_PORT).toBeUndefined();
    expect(off.METRICS_HOST).toBe('127.0.0.1');
    expect(parseEnv({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.5',
    });
    expect(parseEnv({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });

  it('refuses a bad metrics port or host, naming the variable', () => {
    expect(() => parseEnv({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT="metrics": must be a number/);
    expect(() => parseEnv({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT="0": must be between 1 and 65535/);
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT="70000": must be between 1/);
    expect(() => parseEnv({ METRICS_HOST: 'not a host' })).toThrow(
      /METRICS_HOST="not a host": must be an address or a host name/,
    );
  });

  it('reads the live streams limit, and refuses one out of range', () => {
    expect(parseEnv({}).LIVE_STREAMS_MAX).toBe(1000);
    expect(parseEnv({ LIVE_STREAMS_MAX: '500' }).LIVE_STREAMS_MAX).toBe(500);
    expect(() => parseEnv({ LIVE_STREAMS_MAX: '0' })).toThrow(
      /LIVE_STREAMS_MAX="0": must be between 1 and 100000/,
    );
    expect(() => parseEnv({ LIVE_STREAMS_MAX: 'many' })).toThrow(/LIVE_STREAMS_MAX="many": must be a number/);
  });

  it('reads the API token limits, and refuses ones out of range', () => {
    expect(parseEnv({})).toMatchObject({ API_TOKEN_MAX_DAYS: 365, API_TOKEN_RATE_LIMIT: 600 });
    expect(parseEnv({ API_TOKEN_MAX_DAYS: '30', API_TOKEN_RATE_LIMIT: '60' })).toMatchObject({
      API_TOKEN_MAX_DAYS: 30,
      API_TOKEN_RATE_LIMIT: 60,
    });
    expect(() => parseEnv({ API_TOKEN_MAX_DAYS: '0' })).toThrow(
      /API_TOKEN_MAX_DAYS="0": must be between 1 and 3650 days/,
    );
    expect(() => parseEnv({ API_TOKEN_RATE_LIMIT: 'lots' })).toThrow(
      /API_TOKEN_RATE_LIMIT="lots": must be a number of requests/,
    );
  });

  it('reads the rollout runner interval in milliseconds, and refuses one out of range', () => {
    expect(parseEnv({}).ROLLOUT_INTERVAL).toBe(1000);
    expect(parseEnv({ ROLLOUT_INTERVAL: '250' }).ROLLOUT_INTERVAL).toBe(250);
    expect(() => parseEnv({ ROLLOUT_INTERVAL: '10' })).toThrow(
      /ROLLOUT_INTERVAL="10": must be between 100 and 60000 milliseconds/,
    );
    expect(() => parseEnv({ ROLLOUT_INTERVAL: 'often' })).toThrow(
      /ROLLOUT_INTERVAL="often": must be a number of milliseconds/,
    );
    expect(() => parseEnv({ ROLLOUT_INTERVAL: '1.5' })).toThrow(/must be a whole number of milliseconds/);
  });

  it('reads the Git sync interval in seconds, and refuses one out of range', () => {
    expect(parseEnv({}).GIT_SYNC_INTERVAL).toBe(60);
    expect(parseEnv({ GIT_SYNC_INTERVAL: '300' }).GIT_SYNC_INTERVAL).toBe(300);
    expect(() => parseEnv({ GIT_SYNC_INTERVAL: '1' })).toThrow(/GIT_SYNC_INTERVAL="1"/);
    expect(() => parseEnv({ GIT_SYNC_INTERVAL: 'hourly' })).toThrow(/GIT_SYNC_INTERVAL="hourly"/);
  });

  it('reads the health prober settings, and names what is wrong with each', () => {
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({
      HEALTH_CHECK_INTERVAL: 15,
      HEALTH_CHECK_TIMEOUT: 3000,
      HEALTH_CHECK_FAILURE_THRESHOLD: 3,
      HEALTH_CHECK_SUCCESS_THRESHOLD: 1,
    });
    expect(defaults.HEALTH_CHECK_ALLOW.hosts.size).toBe(0);
    const set = parseEnv({
      HEALTH_CHECK_INTERVAL: '5',
      HEALTH_CHECK_TIMEOUT: '500',
      HEALTH_CHECK_FAILURE_THRESHOLD: '1',
      HEALTH_CHECK_ALLOW: '10.20.0.0/16, health.internal',
    });
    expect(set.HEALTH_CHECK_ALLOW.ranges.check('10.20.3.4')).toBe(true);
    expect([...set.HEALTH_CHECK_ALLOW.hosts]).toEqual(['health.internal']);
    expect(() => parseEnv({ HEALTH_CHECK_TIMEOUT: '50' })).toThrow(
      /HEALTH_CHECK_TIMEOUT="50": must be between 100 and 60000 milliseconds/,
    );
    expect(() => parseEnv({ HEALTH_CHECK_FAILURE_THRESHOLD: '0' })).toThrow(
      /must be between 1 and 100 probes/,
    );
    expect(() => parseEnv({ HEALTH_CHECK_ALLOW: '10.0.0.0/40, ok.example' })).toThrow(
      /HEALTH_CHECK_ALLOW=".*": not a CIDR, address or host name: 10.0.0.0\/40/,
    );
  });

  describe('single sign-on', () => {
    const OIDC = {
      OIDC_ISSUER: 'https://idp.example.com/realms/acme',
      OIDC_CLIENT_ID: 'resource-manager',
      OIDC_CLIENT_SECRET: 'a-secret',
      OIDC_REDIRECT_URL: 'https://rm.example.com/api/auth/oidc/callback',
    };

    it('is off by default, with passwords for everyone', () => {
      expect(parseEnv({})).toMatchObject({
        PASSWORD_LOGIN: 'all',
        OIDC_SCOPES: 'openid email profile groups',
      });
      expect(parseEnv({}).OIDC_ISSUER).toBeUndefined();
    });

    it('reads a complete configuration', () => {
      const env = parseEnv({ ...OIDC, PASSWORD_LOGIN: 'admins', OIDC_DISPLAY_NAME: 'Acme' });
      expect(env).toMatchObject({ ...OIDC, PASSWORD_LOGIN: 'admins', OIDC_DISPLAY_NAME: 'Acme' });
    });

    it('refuses an incomplete set, naming what is missing, without echoing the secret', () => {
      expect(() => parseEnv({ OIDC_ISSUER: OIDC.OIDC_ISSUER })).toThrow(
        /OIDC_CLIENT_ID="": must be set with OIDC_ISSUER/,
      );
      expect(() => parseEnv({ ...OIDC, OIDC_ISSUER: '' })).toThrow(/OIDC_ISSUER="": must be set with/);
      expect(() => parseEnv({ OIDC_CLIENT_SECRET: 'hush' })).toThrow(
        /OIDC_CLIENT_SECRET=\(hidden\)|OIDC_ISSUER=""/,
      );
      try {
        parseEnv({ OIDC_CLIENT_SECRET: 'hush' });
      } catch (error) {
        expect(String(error)).not.toContain('hush');
      }
    });

    it('refuses bad values', () => {
      expect(() => parseEnv({ ...OIDC, OIDC_ISSUER: 'http://idp.example.com' })).toThrow(
        /OIDC_ISSUER.*https/,
      );
      expect(parseEnv({ ...OIDC, OIDC_ISSUER: 'http://127.0.0.1:9000' }).OIDC_ISSUER).toBe(
        'http://127.0.0.1:9000',
      );
      expect(() => parseEnv({ ...OIDC, OIDC_REDIRECT_URL: 'https://rm.example.com/callback' })).toThrow(
        /OIDC_REDIRECT_URL.*\/api\/auth\/oidc\/callback/,
      );
      expect(() => parseEnv({ ...OIDC, OIDC_SCOPES: 'email groups' })).toThrow(/OIDC_SCOPES.*openid/);
      expect(() => parseEnv({ ...OIDC, PASSWORD_LOGIN: 'some' })).toThrow(
        /PASSWORD_LOGIN.*all, admins or off/,
      );
    });

    it('keeps password sign-in for everyone while SSO is not configured', () => {
      expect(() => parseEnv({ PASSWORD_LOGIN: 'off' })).toThrow(/PASSWORD_LOGIN="off": must be all unless/);
    });
  });
});

describe('readEnv', () => {
  // A fresh process: in this one the estimator may already be loaded by another test.
  const readInChild = (password: string) =>
    new Promise<{ code: number | null; output: string }>((done) => {
      const script = `import { readEnv } from './src/server/env.ts';
        readEnv({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: ${JSON.stringify(password)} }).then(
          () => console.log('accepted'),
          (error) => console.log(error.message),
        );`;
      const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: resolve(import.meta.dirname, '../..'),
      });
      let output = '';
      child.stdout?.on('data', (chunk: string) => (output += chunk));
      child.on('exit', (code) => done({ code, output }));
    });

  it('loads the password strength estimator before checking ADMIN_PASSWORD (seed scripts, the server)', async () => {
    expect((await readInChild('Tr1cky-Lantern-Orbit-42')).output).toContain('accepted');
    const weak = await readInChild('password1234');
    expect(weak.output).toContain('ADMIN_PASSWORD');
    expect(weak.output).not.toContain('Load the password strength estimator');
  }, 60_000);
});
