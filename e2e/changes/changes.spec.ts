import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';
import { developerRequest, requestConfigurationChange, waitingFor } from './helpers';

/** The sidebar's Changes link, whatever its badge says. */
const changesLink = (page: Page) =>
  page.getByTestId('sidebar').getByRole('navigation', { name: 'Review' }).getByRole('link');

test.describe('Changes', () => {
  test("a developer's production change waits for an administrator, who approves it and it applies", async ({
    page,
    request,
  }) => {
    await page.goto('/changes');
    const developer = await developerRequest(page, request);
    const stamp = Date.now();
    const title = `E2E approve ${stamp}`;
    const before = await waitingFor(request);
    const created = await requestConfigurationChange(developer, title, {
      sessionTimeoutMinutes: 25,
      mfa: 'required',
      stamp,
    });

    // The badge counts it (the list and the badge read again on arrival).
    await page.reload();
    await expect(changesLink(page)).toHaveAccessibleName(`Changes, ${before + 1} waiting for your approval`);
    await expect(page.getByRole('button', { name: 'Waiting for me', pressed: true })).toBeVisible();
    const row = page.getByTestId('change-row').filter({ hasText: title });
    await expect(row).toContainText('Awaiting approval 0/1');
    await expect(row).toContainText('daniel.okafor@example.com');
    await row.getByRole('link', { name: `Change request #${created.number}` }).click();

    await expect(page).toHaveURL(`/changes/${created.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${created.number} ${title}`);
    await expect(page.getByTestId('change-approvals')).toHaveText('0 of 1');
    await expect(page.getByTestId('change-diff-entry').locator('[data-diff="added"]').first()).toBeVisible();

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve #${created.number}?` });
    await dialog.getByLabel('Comment (optional)').fill('Checked with the security team');
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Change applied');
    await expect(page.getByTestId('change-summary').getByTestId('change-status')).toHaveText('Applied');
    await expect(page.getByTestId('change-outcome')).toContainText('The change was applied');
    await expect(page.getByTestId('change-timeline')).toContainText('Checked with the security team');
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(changesLink(page)).toHaveAccessibleName(
      before === 0 ? 'Changes' : `Changes, ${before} waiting for your approval`,
    );

    // The configuration it asked for is the active one now.
    const active = await request.get(
      '/api/capability-subscriptions/versions/active/tenant-001/api-001/production/us-east-1',
    );
    expect(active.ok()).toBe(true);
    expect(JSON.stringify(await active.json())).toContain(String(stamp));

    // Under Recent, not under Waiting for me.
    await page.goto('/changes?tab=recent');
    await expect(page.getByTestId('change-row').filter({ hasText: title })).toContainText('Applied');
    await developer.dispose();
  });

  test('a reviewer rejects a request, saying why, and the requester sees it under Mine', async ({
    page,
    request,
  }) => {
    await page.goto('/changes');
    const developer = await developerRequest(page, request);
    const title = `E2E reject ${Date.now()}`;
    const created = await requestConfigurationChange(developer, title);

    await page.goto(`/changes/${created.id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject #${created.number}?` });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Say why you reject it')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Use the UAT results first');
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
      'Change request rejected',
    );
    await expect(page.getByTestId('change-summary').getByTestId('change-status')).toHaveText('Rejected');
    await expect(page.getByTestId('change-timeline').locator('[data-kind="reject"]')).toContainText(
      'Use the UAT results first',
    );

    // The requester's own list.
    const mine = await developer.get('/api/change-requests?view=mine&state=closed&limit=100');
    const rows = (await mine.json()) as { id: string; status: string }[];
    expect(rows.find((row) => row.id === created.id)?.status).toBe('rejected');
    await developer.dispose();
  });

  test('the requester cannot approve their own request, and a lost race shows the conflict', async ({
    page,
    request,
  }) => {
    // The page must stay on the revision it read for the race to be lost: live updates would refresh it.
    await withoutLiveUpdates(page);
    await page.goto('/changes');
    const mine = await requestConfigurationChange(request, `E2E own ${Date.now()}`);
    await page.goto(`/changes/${mine.id}`);
    await expect(page.getByTestId('approve-blocked')).toHaveText(
      'You requested this change: another person must approve it',
    );
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // Someone comments meanwhile: the page's revision is behind, so cancelling is refused (412).
    const comment = await request.post(`/api/change-requests/${mine.id}/comments`, {
      data: { body: 'Is this still needed?' },
    });
    expect(comment.ok()).toBe(true);
    await page.getByRole('button', { name: 'Cancel request' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel request' }).click();
    const conflict = page.getByTestId('conflict-alert');
    await expect(conflict).toContainText('Someone else changed this change request');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect(conflict).toHaveCount(0);
    await expect(page.getByTestId('change-timeline')).toContainText('Is this still needed?');

    await page.getByRole('button', { name: 'Cancel request' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel request' }).click();
    await expect(page.getByTestId('change-summary').getByTestId('change-status')).toHaveText('Cancelled');
  });
});
