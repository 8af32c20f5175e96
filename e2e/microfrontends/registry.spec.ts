import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { fillEditor } from '../code-editor';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

const versionRow = (card: Locator, version: string) =>
  card
    .getByTestId('version-row')
    .filter({ has: card.page().getByRole('cell', { name: version, exact: true }) });

/** 48 random bytes as base64: the shape of a sha384 digest. */
const fakeSha384 = () =>
  `sha384-${Buffer.from(Array.from({ length: 48 }, () => Math.floor(Math.random() * 256))).toString('base64')}`;

test.describe('microfrontend registry', () => {
  test('register a microfrontend, add a version and publish it', async ({ page, request }) => {
    const stamp = Date.now();
    const name = `E2E Widget ${stamp}`;
    const slug = `e2e-widget-${stamp}`;
    const hash = fakeSha384();

    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Registry' })
      .getByRole('link', { name: 'Microfrontends' })
      .click();
    await expect(page.getByRole('heading', { name: 'Microfrontends', level: 1 })).toBeVisible();
    // The demo data's microfrontends are listed with their versions.
    await expect(
      page.getByRole('region', { name: 'Dashboard' }).getByTestId('version-row').first(),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Register Microfrontend' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Slug').fill(slug);
    await dialog.getByLabel('Description').fill('Made by the end-to-end registry spec.');
    await dialog.getByLabel('Repository').fill('https://github.com/acme/e2e-widget');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Microfrontend registered')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('region', { name });
    await expect(card.getByTestId('microfrontend-slug')).toHaveText(slug);
    await expect(card.getByText('No versions yet')).toBeVisible();

    // The slug is unique.
    await page.getByRole('button', { name: 'Register Microfrontend' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`${name} again`);
    await dialog.getByLabel('Slug').fill(slug);
    await dialog.getByRole('button', { name: 'Register' }).click();
    // An open dialog hides the rest of the page from the accessibility tree, the toasts included.
    const errorToast = page.locator('li[data-variant="destructive"]');
    await expect(errorToast.getByText('Error', { exact: true })).toBeVisible();
    await expect(errorToast.getByText('A microfrontend with this slug already exists')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A draft version...
    await card.getByRole('button', { name: 'Add Version' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Module Type' })).toHaveText('Module Federation');
    await dialog.getByLabel('Version', { exact: true }).fill('1.0.0');
    await dialog.getByLabel('Entry URL').fill(`https://cdn.example.com/${slug}/1.0.0/remoteEntry.js`);
    await dialog.getByLabel('Exposed Modules').fill('./App, ./Widget');
    await dialog.getByLabel('Integrity Hash').fill(hash);
    await fillEditor(dialog.getByLabel('Default Config (JSON)'), '{"theme": "dark"}');
    await dialog.getByRole('button', { name: 'Add Version' }).click();
    await expect(toast(page, 'Version added')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = versionRow(card, '1.0.0');
    await expect(row.getByTestId('version-status')).toHaveText('Draft');
    await expect(row).toContainText('./App, ./Widget');
    await expect(row).toContainText(`https://cdn.example.com/${slug}/1.0.0/remoteEntry.js`);
    await expect(row).toContainText(`${hash.slice(0, 16)}…`);

    // ...published.
    await row.getByRole('button', { name: 'Publish version 1.0.0' }).click();
    // Publishing freezes the version: it asks first, starting on Cancel.
    const confirm = page.getByRole('alertdialog', { name: 'Publish and freeze version 1.0.0?' });
    await expect(confirm).toContainText('A published version is frozen');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Publish version' }).click();
    await expect(toast(page, 'Version published')).toBeVisible();
    await expect(row.getByTestId('version-status')).toHaveText('Published');
    await expect(row.getByRole('button', { name: /^Publish/ })).toHaveCount(0);

    const mfes = (await (await request.get('/api/microfrontends')).json()) as { id: string; slug: string }[];
    const created = mfes.find((m) => m.slug === slug);
    expect(created).toBeDefined();
    const published = await request.get(`/api/microfrontend-versions/microfrontend/${created!.id}/published`);
    const versions = (await published.json()) as {
      version: string;
      exposedModules: string;
      integrityHash: string;
    }[];
    expect(versions).toEqual([
      expect.objectContaining({
        version: '1.0.0',
        exposedModules: '["./App","./Widget"]',
        integrityHash: hash,
      }),
    ]);

    expect((await request.delete(`/api/microfrontends/${created!.id}`)).status()).toBe(204);
  });
});
