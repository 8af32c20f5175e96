import { expect, type Locator } from '@playwright/test';

/**
 * The code editor's text as people see it: its lines joined by newlines, without the placeholder.
 * (It is not a textarea, so `toHaveValue` does not apply; `fill` and the keyboard do, on the element
 * found by its label.)
 */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((content) =>
    Array.from(content.querySelectorAll('.cm-line'), (line) =>
      Array.from(line.childNodes)
        .filter((node) => !(node instanceof Element && node.classList.contains('cm-placeholder')))
        .map((node) => node.textContent ?? '')
        .join(''),
    ).join('\n'),
  );
}

export async function expectEditorText(editor: Locator, text: string): Promise<void> {
  await expect.poll(() => editorText(editor)).toBe(text);
}

/**
 * Replaces the editor's text as a person would: click into it, select all, type (inserted at once, so
 * the editor's own bracket closing does not interfere). Safer than `fill`, whose selection the editor
 * may reset when it takes focus.
 */
export async function fillEditor(editor: Locator, text: string): Promise<void> {
  await editor.click();
  await editor.press('ControlOrMeta+a');
  if (text === '') await editor.press('Backspace');
  else await editor.page().keyboard.insertText(text);
  await expectEditorText(editor, text);
}
