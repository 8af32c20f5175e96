import { expect, signIn, test } from '../fixtures';
import { pageHeading } from '../auth/auth-helpers';
import { tabAndPress, tabTo } from './helpers';

const SIZE = 10;

/** Filter, sort and page the audit log with the keyboard alone (docs/accessibility.md). */
test('keyboard only: filters, sorts and pages the audit log', async ({ page, request }) => {
  // Enough session events for three pages, so Next stays enabled on the second: each sign-in writes one.
  for (let i = 0; i < SIZE * 2 + 1; i += 1) await signIn(request);
  await page.goto(`/audit-log?size=${SIZE}`);
  await expect(pageHeading(page)).toHaveText('Audit Log');
  const rows = page.getByTestId('audit-row');
  const range = page.getByTestId('list-range');

  // Filter: a native select changes with the arrow keys / typing while focused.
  const type = page.getByLabel('Resource type');
  await tabTo(page, type);
  await page.keyboard.type('session');
  await expect(type).toHaveValue('session');
  await expect(page).toHaveURL(/resourceType=session/);
  await expect
    .poll(async () => {
      const resources = await rows.locator('td:nth-child(4)').allTextContents();
      return resources.length > 0 && resources.every((resource) => resource.startsWith('session'));
    })
    .toBe(true);

  // Sort by actor, ascending then descending; the header button keeps focus.
  const actorHead = page.getByRole('columnheader', { name: 'Actor' });
  const actorSort = actorHead.getByRole('button');
  await tabAndPress(page, actorSort);
  await expect(actorHead).toHaveAttribute('aria-sort', /ascending|descending/);
  const first = await actorHead.getAttribute('aria-sort');
  await expect(actorSort).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(actorHead).not.toHaveAttribute('aria-sort', first ?? '');
  await expect(actorSort).toBeFocused();

  // Page forward and back; the paging buttons keep focus.
  await expect(range).toHaveText(/^Showing 1–10 of \d+$/);
  const next = page.getByRole('button', { name: 'Next page' });
  await tabAndPress(page, next);
  await expect(range).toHaveText(/^Showing 11–\d+ of \d+$/);
  await expect(next).toBeFocused();
  const previous = page.getByRole('button', { name: 'Previous page' });
  await tabTo(page, previous, 5, true);
  await page.keyboard.press('Enter');
  await expect(range).toHaveText(/^Showing 1–10 of \d+$/);
  await expect(page).toHaveURL(/resourceType=session/);
  // Previous is off on the first page: focus goes to Next.
  await expect(next).toBeFocused();

  // Last page, then back one and Next again: each time the pressed button turns disabled on the last
  // page, focus moves to Previous instead of dropping to the page body.
  const pages = page.getByText(/^Page \d+ of \d+$/);
  const lastPage = page.getByRole('button', { name: 'Last page' });
  await tabTo(page, lastPage, 5);
  await page.keyboard.press('Enter');
  await expect(lastPage).toBeDisabled();
  await expect(previous).toBeFocused();
  const [, total] = /of (\d+)$/.exec((await pages.textContent()) ?? '') ?? [];
  // The page's number changes at once, its rows when they arrive; until then a press is ignored (the
  // buttons say so with aria-disabled, keeping the focus). Wait for the rows before each press.
  const loaded = () => expect(previous).not.toHaveAttribute('aria-disabled', 'true');
  await loaded();
  await page.keyboard.press('Enter');
  await expect(pages).toHaveText(`Page ${Number(total) - 1} of ${total}`);
  await expect(previous).toBeFocused();
  await loaded();
  await tabAndPress(page, next, 'Enter', 2);
  await expect(pages).toHaveText(`Page ${total} of ${total}`);
  await expect(next).toBeDisabled();
  await expect(previous).toBeFocused();
});
