import { parseBlueGreenConfig } from '../../src/contract/blue-green';
import type { ChangeRequest } from '../../src/contract/changes';
import { localTimeOf } from '../../src/contract/time-zone';
import { setPassword } from '../auth/auth-helpers';
import { fillEditor } from '../code-editor';
import { CONTROL_PLANE, getTenant, TENANT_ID, toast } from '../control-plane/helpers';
import { expect, signIn, test, waitForInteractiveLoads } from '../fixtures';
import { DEVELOPER, productionCapabilityAtVersion1 } from './helpers';

/** Alex Morgan: the owner of tenant-001 in the demo data. */
const OWNER = { id: 'user-001', email: 'alex.morgan@example.com', password: 'e2e-owner-password-1' };
/** Priya Raman: an admin of tenant-001, who may approve its changes. */
const TENANT_ADMIN = { id: 'user-002', email: 'priya.raman@example.com', password: 'e2e-priya-password-1' };

test.describe('four eyes on production', () => {
  test('a developer requests a production configuration change, the owner approves it, the card shows the new version', async ({
    page,
    browser,
    request,
  }) => {
    const name = `E2E Four Eyes ${Date.now()}`;
    await productionCapabilityAtVersion1(request, name);

    // The developer asks for version 2 in the Configure Capability dialog.
    await setPassword(request, DEVELOPER.id, DEVELOPER.password);
    await setPassword(request, OWNER.id, OWNER.password);
    await signIn(page.request, DEVELOPER);
    await page.goto(`${CONTROL_PLANE}?env=production&region=us-east-1`);
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Version 1')).toBeVisible();
    await card.getByRole('button', { name: 'Update Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Capability' });
    await fillEditor(dialog.getByLabel('Configuration (JSON)'), '{"level": 2}');
    await dialog.getByLabel('Description (optional)').fill('Level 2, reviewed');
    await dialog.getByRole('button', { name: 'Request change' }).click();
    await expect(toast(page)).toContainText(/Change request #\d+ created/);
    await expect(card.getByText('Version 1')).toBeVisible();

    const mine = (await (
      await page.request.get(`/api/change-requests?view=mine&tenantId=${TENANT_ID}&sort=-number&limit=1`)
    ).json()) as ChangeRequest[];
    const requested = mine[0];
    expect(requested).toMatchObject({ status: 'pending', description: 'Level 2, reviewed' });

    // The developer cannot approve it; the owner, in a browser of their own, can.
    const ownerContext = await browser.newContext();
    const ownerPage = waitForInteractiveLoads(await ownerContext.newPage());
    await signIn(ownerPage.request, OWNER);
    await ownerPage.goto(`/changes/${requested?.id}`);
    await expect(ownerPage.getByRole('heading', { level: 1 })).toContainText(`#${requested?.number}`);
    await ownerPage.getByRole('button', { name: 'Approve' }).click();
    const approve = ownerPage.getByRole('dialog', { name: `Approve #${requested?.number}?` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(ownerPage.getByTestId('change-summary').getByTestId('change-status')).toHaveText('Applied');
    await ownerContext.close();

    // Back on the developer's page: the card shows version 2.
    await page.reload();
    await expect(page.getByRole('article', { name }).getByText('Version 2')).toBeVisible();

    // The audit trail: requested, approved, applied, and the version by its requester.
    const audit = await request.get(`/api/audit-events?resourceType=change-request&limit=50`);
    const actions = ((await audit.json()) as { action: string; resourceId: string; actorEmail: string }[])
      .filter((e) => e.resourceId === requested?.id)
      .map((e) => `${e.action} by ${e.actorEmail}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `change_request.create by ${DEVELOPER.email}`,
        `change_request.approve by ${OWNER.email}`,
        `change_request.apply by ${OWNER.email}`,
      ]),
    );
  });

  test('a scheduled production switch runs at its time, once approved', async ({ page, request }) => {
    // The switch is due twelve seconds after it is requested.
    test.setTimeout(60_000);
    const tenant = await getTenant(request);
    const state = parseBlueGreenConfig(tenant.blueGreenConfig).production;
    expect(state?.enabled && state.activeSlot, 'tenant-001 production blue-green is live').toBeTruthy();
    const from = state?.activeSlot ?? 'blue';
    const to = from === 'blue' ? 'green' : 'blue';
    const candidate = `9.${Date.now() % 1000}.1`;

    // A tenant admin files it; the global administrator, who only set her password, approves it.
    await setPassword(request, TENANT_ADMIN.id, TENANT_ADMIN.password);
    await signIn(page.request, TENANT_ADMIN);
    await page.goto(`${CONTROL_PLANE}?tab=configuration`);
    const production = page.getByTestId('blue-green-production');
    await expect(production.getByTestId('active-slot')).toHaveText(from.toUpperCase());
    await production.getByRole('button', { name: 'Switch Slot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Production Slot' });
    await dialog.getByLabel('Version to deploy').fill(candidate);
    await dialog.getByLabel('Description (optional)').fill('Switch in the maintenance window');
    await dialog.getByRole('checkbox', { name: 'Schedule for later' }).click();
    // Twelve seconds from now, in the zone the form offers (the browser's): time to approve first.
    const zone = await dialog.getByLabel('Time zone').inputValue();
    const due = new Date(Date.now() + 12_000);
    await dialog.getByLabel('Apply at').fill(localTimeOf(due.toISOString(), zone));
    await dialog.getByRole('button', { name: 'Request change' }).click();
    await expect(toast(page)).toContainText(/Change request #\d+ created/);

    const [scheduled] = (await (
      await page.request.get(`/api/change-requests?view=mine&tenantId=${TENANT_ID}&sort=-number&limit=1`)
    ).json()) as ChangeRequest[];
    expect(scheduled).toMatchObject({
      status: 'pending',
      scheduleTimeZone: zone,
      kind: 'tenant_blue_green.switch',
    });
    expect(Math.abs(Date.parse(scheduled?.scheduledAt ?? '') - due.getTime())).toBeLessThan(1000);

    // The administrator approves: it waits for its time, then the scheduler applies it.
    const approved = await request.post(`/api/change-requests/${scheduled?.id}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    expect(((await approved.json()) as ChangeRequest).status).toBe('scheduled');
    await expect(production.getByTestId('active-slot')).toHaveText(from.toUpperCase());

    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/change-requests/${scheduled?.id}`)).json()) as ChangeRequest)
            .status,
        { timeout: 25_000, intervals: [1000] },
      )
      .toBe('applied');
    const applied = (await (
      await request.get(`/api/change-requests/${scheduled?.id}`)
    ).json()) as ChangeRequest;
    expect(applied.appliedBy).toBe('scheduler');
    // Not before its time (the form keeps whole seconds).
    expect(Date.parse(applied.appliedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(applied.scheduledAt ?? ''));
    await page.reload();
    await expect(page.getByTestId('blue-green-production').getByTestId('active-slot')).toHaveText(
      to.toUpperCase(),
    );
  });

  test('a new version for the live production slot is requested and applies once approved; the idle slot sets at once', async ({
    page,
    request,
  }) => {
    const state = parseBlueGreenConfig((await getTenant(request)).blueGreenConfig).production;
    expect(state?.enabled && state.activeSlot, 'tenant-001 production blue-green is live').toBeTruthy();
    const live = state?.activeSlot ?? 'blue';
    const idle = live === 'blue' ? 'green' : 'blue';
    const label = (slot: string) => `${slot === 'blue' ? 'Blue' : 'Green'} Slot Version`;
    const liveVersion = `7.${Date.now() % 1000}.1`;
    const idleVersion = `7.${Date.now() % 1000}.2`;

    // A tenant admin asks for it; the global administrator, who only set her password, approves it.
    await setPassword(request, TENANT_ADMIN.id, TENANT_ADMIN.password);
    await signIn(page.request, TENANT_ADMIN);
    await page.goto(`${CONTROL_PLANE}?tab=configuration`);
    const production = page.getByTestId('blue-green-production');
    const liveField = production.getByLabel(label(live));
    await expect(liveField).toHaveAccessibleDescription('Live: a new version here is a change request.');
    const before = await liveField.inputValue();
    await liveField.fill(liveVersion);
    await liveField.blur();
    const dialog = page.getByRole('dialog', {
      name: `Request: ${live.toUpperCase()} slot of Production to ${liveVersion}`,
    });
    await dialog.getByLabel('Description (optional)').fill('Patch release on the live slot');
    await dialog.getByRole('button', { name: 'Request change' }).click();
    await expect(toast(page)).toContainText(/Change request #\d+ created/);
    await expect(dialog).toBeHidden();
    await expect(liveField).toHaveValue(before);

    // The idle slot is only prepared: it sets at once.
    const idleField = production.getByLabel(label(idle));
    await expect(idleField).not.toHaveAccessibleDescription('Live: a new version here is a change request.');
    await idleField.fill(idleVersion);
    await idleField.blur();
    await expect(toast(page)).toContainText('Version Updated');

    const [requested] = (await (
      await page.request.get(`/api/change-requests?view=mine&tenantId=${TENANT_ID}&sort=-number&limit=1`)
    ).json()) as ChangeRequest[];
    expect(requested).toMatchObject({ kind: 'tenant_blue_green.slot_version', status: 'pending' });
    const approved = await request.post(`/api/change-requests/${requested?.id}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    expect(((await approved.json()) as ChangeRequest).status).toBe('applied');

    await page.reload();
    await expect(page.getByTestId('blue-green-production').getByLabel(label(live))).toHaveValue(liveVersion);
    await expect(page.getByTestId('blue-green-production').getByLabel(label(idle))).toHaveValue(idleVersion);
  });
});
