import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Keyboard-only driving for the `*keyboard-only*.spec.ts` specs: they reach every control with Tab and
 * act with Enter, Space, arrows and typing. `keyboard-only-guard.test.ts` keeps mouse calls out of them.
 */

/** The element that has focus. */
export const focused = (page: Page) => page.locator(':focus');

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

async function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el.contains(document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab with `back`) until `target` has focus, at most `max` times; fails naming the
 * target when it is never reached, so an unreachable control is a test failure, not a hang.
 */
export async function tabTo(page: Page, target: Locator, max = 40, back = false): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i += 1) {
    if ((await target.count()) === 1 && (await isFocused(target))) {
      await expect(target).toBeFocused();
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached within ${max} Tab presses`);
}

/** Tabs to a control and presses Enter on it. */
export async function tabAndPress(page: Page, target: Locator, key = 'Enter', max = 40): Promise<void> {
  await tabTo(page, target, max);
  await page.keyboard.press(key);
}

/** Tabs to a text field, selects what it holds and types `text` over it. */
export async function tabAndType(page: Page, field: Locator, text: string, max = 40): Promise<void> {
  await tabTo(page, field, max);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * Picks an option of a Radix select by keyboard: Tab to the trigger, open it with Enter, arrow down
 * until the option is highlighted, Enter. The trigger shows the choice and keeps focus.
 */
export async function tabAndChoose(page: Page, combobox: Locator, option: string, max = 40): Promise<void> {
  await tabTo(page, combobox, max);
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name: option, exact: true });
  // From the top: the list opens on the current choice, which may sit below the wanted one.
  await page.keyboard.press('Home');
  for (let i = 0; i < 50 && !(await isFocused(wanted)); i += 1) await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(combobox).toBeFocused();
  await expect(combobox).toContainText(option);
}

/** Opens a dropdown menu from its focused trigger... the trigger must be reached first. */
export async function chooseMenuItem(page: Page, trigger: Locator, item: string | RegExp): Promise<void> {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const wanted = menu.getByRole('menuitem', { name: item });
  for (let i = 0; i < 30 && !(await isFocused(wanted)); i += 1) await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
}

/** The open dialog (or alert dialog) by its name. */
export const dialogNamed = (page: Page, name: string | RegExp) =>
  page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));

/** Asserts focus is inside `dialog` (and on `on` when given). */
export async function expectFocusIn(dialog: Locator, on?: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  if (on) await expect(on).toBeFocused();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
}

/**
 * Picks in a server-searching combobox by keyboard: Enter opens it with focus in its search box, typing
 * searches, the arrow keys move the active option (aria-activedescendant) and Enter picks it.
 */
export async function tabAndPick(page: Page, combobox: Locator, option: string, max = 40): Promise<void> {
  await expect(combobox).toBeEnabled();
  await tabTo(page, combobox, max);
  await page.keyboard.press('Enter');
  const label = await combobox.getAttribute('aria-label');
  const search = page.getByRole('textbox', { name: `Search ${label}` });
  await expect(search).toBeFocused();
  await page.keyboard.type(option);
  const list = page.getByRole('listbox', { name: label ?? undefined });
  await expect(list.getByRole('option').filter({ hasText: option }).first()).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  const activeText = () =>
    search.evaluate((el) => {
      const id = el.getAttribute('aria-activedescendant');
      return (id && document.getElementById(id)?.textContent) || '';
    });
  for (let i = 0; i < 20 && !(await activeText()).startsWith(option); i += 1)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(combobox).toContainText(option);
  await expect(combobox).toBeFocused();
}

/** Tabs into a code editor, selects all and inserts `text` at once (so bracket closing does not add). */
export async function tabAndEdit(page: Page, editor: Locator, text: string, max = 40): Promise<void> {
  await tabTo(page, editor, max);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}
