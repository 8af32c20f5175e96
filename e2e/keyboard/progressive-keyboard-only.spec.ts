import type { APIRequestContext, Page } from '@playwright/test';
import type { ChangeRequest } from '../../src/contract/changes';
import { startHealthServer, type HealthServer } from '../../src/server/test/health-server';
import { setPassword } from '../auth/auth-helpers';
import { productionSlots } from '../deployments/helpers';
import { expect, signIn, test } from '../fixtures';
import { ADMIN_B, waitForLive } from '../live/helpers';
import { toast } from '../control-plane/helpers';
import { dialogNamed, expectFocusIn, tabAndPress, tabAndType, tabTo } from './helpers';

/*
 * A progressive production switch with the keyboard alone (docs/accessibility.md): a second administrator
 * files it on Deployments by keyboard, the administrator approves it through the API (four eyes), and its
 * steps run to 100% on screen. The target slot is probed by this test's own health endpoint.
 */

let health: HealthServer;
test.beforeAll(async () => {
  health = await startHealthServer();
});
test.afterAll(async () => {
  await health.close();
});

const slotTraffic = (page: Page, slot: 'blue' | 'green') =>
  page.getByTestId(`slot-card-${slot}`).getByTestId('slot-traffic');

/** The administrator approves the pending switch of `name` (four eyes), and it applies. */
async function approveSwitch(request: APIRequestContext, name: string) {
  const res = await request.get('/api/change-requests?status=pending&kind=microfrontend_deployment.switch');
  const filed = ((await res.json()) as ChangeRequest[]).find((r) => r.title.includes(name));
  expect(filed, `a pending switch of ${name}`).toBeDefined();
  const approved = await request.post(`/api/change-requests/${filed?.id}/approve`, { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
}

test('keyboard only: a progressive production switch', async ({ page, request }) => {
  test.slow();
  const stamp = Date.now();
  health.set({ status: 200 });
  const mfe = await productionSlots(request, stamp, health.url(`/${stamp}/green`));
  await setPassword(request, ADMIN_B.id, ADMIN_B.password);
  await signIn(page.request, ADMIN_B);

  // The green slot's first passing probe, before the page reads the slots: one landing between that read
  // and the live stream's opening would reach the page as no event, and it would show "unknown" (a CI run).
  await expect
    .poll(async () => {
      const res = await request.get(`/api/deployment-health/microfrontend/${mfe.id}/environment/production`);
      const results = (await res.json()) as { slot: string; ok: boolean }[];
      return results.some((result) => result.slot === 'green' && result.ok);
    })
    .toBe(true);
  // The slots by their link (deploy-keyboard-only.spec.ts picks them by keyboard); the skip link to them.
  await page.goto(`/deployments?id=${mfe.id}&env=production`);
  await expect(page.getByRole('combobox', { name: 'Microfrontend' })).toContainText(mfe.name);
  await tabAndPress(page, page.getByRole('link', { name: 'Skip to main content' }), 'Enter', 2);
  await expect(page.locator('main')).toBeFocused();
  await waitForLive(page);
  await expect(page.getByTestId('slot-card-green').getByTestId('slot-health')).toContainText('healthy');

  // Switch Slots: Progressive by arrow key in the radio group, its steps and windows typed.
  const switchButton = page.getByRole('button', { name: 'Switch Slots' });
  await tabAndPress(page, switchButton);
  const dialog = dialogNamed(page, new RegExp(`^Switch ${mfe.name} in Production$`));
  await expectFocusIn(dialog);
  await tabTo(page, dialog.getByRole('radio', { name: /^Switch all traffic now/ }));
  await page.keyboard.press('ArrowDown');
  const progressive = dialog.getByRole('radio', { name: /^Progressive/ });
  await expect(progressive).toBeChecked();
  await expect(progressive).toBeFocused();
  await tabAndType(page, dialog.getByLabel('Steps (% of traffic)'), '50, 100');
  await tabAndType(page, dialog.getByLabel('Analysis window (s)'), '2');
  await tabAndType(page, dialog.getByLabel('Watch window (s)'), '0');
  await tabAndPress(page, dialog.getByRole('button', { name: 'Continue to request' }));

  // Production asks for approval: the switch continues as a change request.
  const requestDialog = dialogNamed(page, `Request: switch ${mfe.name} in Production`);
  await expectFocusIn(requestDialog);
  await expect(dialog).toBeHidden();
  await tabAndPress(page, requestDialog.getByRole('button', { name: 'Request change' }));
  await expect(toast(page)).toContainText(/Change request #\d+ created/);
  await expect(requestDialog).toBeHidden();
  await expect(switchButton).toBeFocused();

  // Four eyes: the administrator approves; the rollout holds 50%, then moves all traffic to green.
  // Switch Slots is unavailable meanwhile and keeps focus (a disabled button would drop it to the body).
  await approveSwitch(request, mfe.name);
  const progress = page.getByRole('progressbar', { name: 'Traffic to the GREEN slot' });
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(switchButton).toHaveAttribute('aria-disabled', 'true');
  await expect(switchButton).toBeFocused();
  await expect(slotTraffic(page, 'green')).toHaveText('100%');
  await expect(slotTraffic(page, 'blue')).toHaveText('0%');
  await expect(switchButton).toBeEnabled();
  await expect(switchButton).toBeFocused();
});
