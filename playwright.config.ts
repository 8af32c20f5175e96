import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e/credentials';
import { appOidcEnv, providerEnv, providerIssuer } from './e2e/sso/test-provider';
import { appSmtpEnv, smtpMailsUrl, smtpServerEnv } from './e2e/notifications/smtp-test-server';

const PORT = Number(process.env.E2E_PORT ?? 5055);
const RUN_DIR = `.e2e/${PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * End-to-end tests drive the built app (npm run build first) in the system Chromium, against a fresh
 * embedded database seeded with the demo data. No browser is downloaded.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace (actions, network, DOM snapshots) but not the screencast: capturing
    // frames throughout every test cost a third of the suite's time in Chromium's GPU and browser
    // processes. The final screenshot of a failure is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Chromium 156 loads its omnibox popup (a WebUI page) in every new window: each test's context
        // would pay for it, beside the page under test, on a machine whose two cores the suite shares.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // A real OpenID provider for single sign-on (e2e/auth/sso.spec.ts), up before the app, which
      // reads its discovery document. Every other spec still signs in with a password.
      command: 'npx tsx scripts/oidc-test-provider.ts',
      url: `${providerIssuer(PORT)}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: providerEnv(PORT),
    },
    {
      // A real SMTP server that keeps what the app mails and shows it over HTTP (e2e/notifications).
      command: 'npx tsx scripts/smtp-test-server.ts',
      url: smtpMailsUrl(PORT),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: smtpServerEnv(PORT),
    },
    {
      // Each port gets its own database and its own copy of the client, so parallel runs (and a rebuild
      // during a run) never share state.
      command: `rm -rf ${RUN_DIR} && mkdir -p ${RUN_DIR} && cp -r dist/client ${RUN_DIR}/client && cp -r dist/ssr ${RUN_DIR}/ssr && node dist/server/main.js`,
      url: `http://localhost:${PORT}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `${RUN_DIR}/data`,
        CLIENT_DIR: `${RUN_DIR}/client`,
        SERVER_RENDER_DIR: `${RUN_DIR}/ssr`,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Scheduled changes come due within a second, so a spec waits seconds, not a pass of 5.
        CHANGE_SCHEDULER_INTERVAL: '1',
        // Health endpoints the specs start on 127.0.0.1, probed every second; one failure is enough, and
        // rollouts step four times a second, so a rollback shows within seconds (e2e/deployments).
        HEALTH_CHECK_ALLOW: '127.0.0.1/32',
        HEALTH_CHECK_INTERVAL: '1',
        HEALTH_CHECK_FAILURE_THRESHOLD: '1',
        ROLLOUT_INTERVAL: '250',
        ...appOidcEnv(PORT),
        // E-mail goes to the test SMTP server; its links name the console as the browser reaches it.
        ...appSmtpEnv(PORT),
        PUBLIC_URL: `http://localhost:${PORT}`,
      },
    },
  ],
});
