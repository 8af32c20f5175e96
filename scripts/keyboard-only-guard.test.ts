import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The keyboard-only specs (e2e/keyboard/*keyboard-only*.spec.ts) prove flows work without a pointer, so no
 * mouse call (nor a fill or focus that skips the keyboard) may creep into them or their helpers.
 */
const dir = join(import.meta.dirname, '..', 'e2e', 'keyboard');
const MOUSE =
  /\.(click|dblclick|tap|hover|dragTo|check|uncheck|setChecked|selectOption|fill|focus)\(|\bmouse\.|\btouchscreen\./;

function mouseCalls(source: string): string[] {
  return source.split('\n').filter((line) => MOUSE.test(line));
}

const files = readdirSync(dir).filter(
  (name) => (name.includes('keyboard-only') && name.endsWith('.spec.ts')) || name === 'helpers.ts',
);

describe('keyboard-only specs', () => {
  it('exist', () => {
    expect(files.filter((name) => name.endsWith('.spec.ts')).length).toBeGreaterThan(0);
  });

  it.each(files)('%s drives the page with the keyboard alone', (name) => {
    expect(mouseCalls(readFileSync(join(dir, name), 'utf8'))).toEqual([]);
  });

  it('catches a mouse call', () => {
    const source = "await page.getByRole('button').click();\nawait page.mouse.move(1, 2);\nawait x.hover();";
    expect(mouseCalls(source)).toHaveLength(3);
  });
});
