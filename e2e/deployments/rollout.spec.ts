import type { Page } from '@playwright/test';
import type { ChangeRequest } from '../../src/contract/changes';
import type { Rollout } from '../../src/contract/rollouts';
import { startHealthServer, type HealthServer } from '../../src/server/test/health-server';
import { setPassword } from '../auth/auth-helpers';
import { expect, signIn, test } from '../fixtures';
import { ADMIN_B, waitForLive } from '../live/helpers';
import { pick } from '../pickers';
import { productionSlots } from './helpers';

/*
 * Issue 23's end to end: a real health endpoint (this test's own HTTP server, which the e2e server may
 * probe: HEALTH_CHECK_ALLOW in playwright.config.ts), a progressive production switch requested in the
 * console by a second administrator and approved by the first, its steps on screen, then the endpoint failing and the
 * rollback the server does by itself, seen without a reload.
 */

let health: HealthServer;
test.beforeAll(async () => {
  health = await startHealthServer();
});
test.afterAll(async () => {
  await health.close();
});

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Traffic to the GREEN slot' });
const slotTraffic = (page: Page, slot: 'blue' | 'green') =>
  page.getByTestId(`slot-card-${slot}`).getByTestId('slot-traffic');

test('a progressive production switch steps, and a failing health check rolls it back by itself', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  health.set({ status: 200 });
  // Set-up through the API: 1.0.0 live in production, 2.0.0 on the idle green slot with a health check on
  // this test's server.
  const mfe = await productionSlots(request, stamp, health.url(`/${stamp}/green`));

  // Admin B files the switch in the console; the administrator, who only set her password, approves it.
  await setPassword(request, ADMIN_B.id, ADMIN_B.password);
  await signIn(page.request, ADMIN_B);
  await page.goto('/deployments');
  await pick(page, page.getByRole('combobox', { name: 'Microfrontend' }), mfe.name);
  await waitForLive(page);
  // Probed by the server, shown by live updates.
  await expect(page.getByTestId('slot-card-green').getByTestId('slot-health')).toContainText('healthy');

  // A progressive switch in production: the platform's policy turns it into a request.
  await page.getByRole('button', { name: 'Switch Slots' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Progressive/ }).click();
  await dialog.getByLabel('Steps (% of traffic)').fill('25, 50, 100');
  await dialog.getByLabel('Analysis window (s)').fill('6');
  await dialog.getByRole('button', { name: 'Continue to request' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request change' }).click();

  // The administrator approves it (four eyes): it applies, and the rollout starts.
  const requests = (await (
    await request.get('/api/change-requests?status=pending&kind=microfrontend_deployment.switch')
  ).json()) as ChangeRequest[];
  const filed = requests.find((r) => r.title.includes(mfe.name));
  expect(filed, JSON.stringify(requests.map((r) => r.title))).toBeDefined();
  const approved = await request.post(`/api/change-requests/${filed?.id}/approve`, { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);

  // The steps move on screen by themselves: 25% then 50%.
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '25');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '50', { timeout: 15_000 });
  await expect(slotTraffic(page, 'blue')).toHaveText('50%');

  // The new version starts failing: the server takes all traffic back to blue, without anyone.
  health.set({ status: 503 });
  await expect(page.getByTestId('rollout-rolled-back')).toContainText('Rolled back automatically', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('rollout-rolled-back')).toContainText('HTTP 503');
  await expect(slotTraffic(page, 'blue')).toHaveText('100%');
  await expect(slotTraffic(page, 'green')).toHaveText('0%');

  // The record: never past its second step, rolled back by "system", each move audited.
  const [rollout] = (await (
    await request.get(`/api/rollouts/microfrontend/${mfe.id}/environment/production`)
  ).json()) as Rollout[];
  expect(rollout?.state).toBe('aborted');
  expect(rollout?.events.at(-1)).toMatchObject({ kind: 'rolled_back', by: 'system', trafficPercentage: 0 });
  expect(Math.max(...(rollout?.events ?? []).map((e) => e.trafficPercentage))).toBeLessThan(100);
});
