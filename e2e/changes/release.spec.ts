import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ChangeRequest } from '../../src/contract/changes';
import { fillEditor } from '../code-editor';
import { CONTROL_PLANE, toast } from '../control-plane/helpers';
import { expect, test } from '../fixtures';
import { adminBPage } from '../live/helpers';
import { productionCapabilityAtVersion1 } from './helpers';

/** axe on the page as it stands (the tags of e2e/a11y): its critical and serious findings. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Version 2 of a tenant-001 capability in production us-east-1, applied at once (a bypass): version 1 goes inactive. */
async function productionVersion2(admin: APIRequestContext, capabilityId: string): Promise<void> {
  const applied = await admin.post('/api/change-requests', {
    data: {
      change: {
        kind: 'configuration.create',
        body: {
          subscriptionId: `sub-tenant-001-${capabilityId}`,
          tenantId: 'tenant-001',
          capabilityId,
          environment: 'production',
          region: 'us-east-1',
          configuration: '{"level": 2}',
        },
      },
      bypassReason: 'E2E set-up',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  expect(((await applied.json()) as ChangeRequest).status).toBe('applied');
}

/** The active production us-east-1 configuration of a tenant-001 capability. */
async function activeConfiguration(admin: APIRequestContext, capabilityId: string): Promise<string> {
  const res = await admin.get(
    `/api/capability-subscriptions/versions/active/tenant-001/${capabilityId}/production/us-east-1`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { configuration: string }).configuration;
}

test('two changes added to the release from editors are filed as one request, another administrator approves it, both apply', async ({
  page,
  browser,
  request,
}) => {
  // Two capabilities set up, two browsers, two dialogs: more than one default test's time on a shared machine.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const [activated, configured] = [`E2E Release A ${stamp}`, `E2E Release B ${stamp}`];
  const activatedId = await productionCapabilityAtVersion1(request, activated);
  await productionVersion2(request, activatedId);
  const configuredId = await productionCapabilityAtVersion1(request, configured);

  // Administrator B adds two changes from two editors: activating version 1 again (the history's request
  // dialog), and a new configuration (Configure Capability).
  const b = await adminBPage(browser, request);
  expect((await b.request.delete('/api/release-draft')).ok()).toBe(true);
  await b.goto(`${CONTROL_PLANE}?env=production&region=us-east-1`);
  await b.getByRole('article', { name: activated }).getByRole('button', { name: 'History' }).click();
  const history = b.getByRole('dialog', { name: 'Configuration Version History' });
  await history.getByRole('button', { name: 'Activate' }).click();
  const activation = b.getByRole('dialog', { name: 'Request: activate version 1' });
  await activation.getByRole('button', { name: 'Add to release' }).click();
  await expect(toast(b)).toContainText('Added to release (1 change)');
  await expect(activation).toBeHidden();
  await b.keyboard.press('Escape');
  await expect(history).toBeHidden();

  await b
    .getByRole('article', { name: configured })
    .getByRole('button', { name: 'Update Configuration' })
    .click();
  const configure = b.getByRole('dialog', { name: 'Configure Capability' });
  await fillEditor(configure.getByLabel('Configuration (JSON)'), '{"level": 3}');
  await configure.getByRole('button', { name: 'Add to release' }).click();
  await expect(toast(b)).toContainText('Added to release (2 changes)');
  await expect(configure).toBeHidden();

  // B names the release and files it as one request.
  await b.getByRole('link', { name: 'Release, 2 changes' }).click();
  await expect(b.getByTestId('release-change')).toHaveCount(2);
  expect(await seriousViolations(b)).toEqual([]);
  await b.getByLabel('Release name').fill(`E2E release ${stamp}`);
  await b.getByRole('button', { name: 'File release' }).click();
  await b.getByRole('dialog', { name: 'File release' }).getByRole('button', { name: 'File release' }).click();
  await expect(b.getByRole('heading', { level: 1 })).toContainText(`E2E release ${stamp}`);
  await expect(b.getByRole('link', { name: /^Release, / })).toHaveCount(0);
  const requestPath = new URL(b.url()).pathname;
  await b.context().close();

  // Administrator A reviews both changes at once, approves, and sees both applied.
  await page.goto(requestPath);
  const items = page.getByTestId('change-item');
  await expect(items).toHaveCount(2);
  await expect(items.getByTestId('change-item-state')).toHaveText(['Pending', 'Pending']);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: /^Approve #\d+\?$/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByTestId('change-summary').getByTestId('change-status')).toHaveText('Applied');
  await expect(items.getByTestId('change-item-state')).toHaveText(['Applied', 'Applied']);
  expect(await activeConfiguration(request, activatedId)).toContain('"level": 1');
  expect(await activeConfiguration(request, configuredId)).toContain('"level": 3');
});
