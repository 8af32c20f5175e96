import { readFileSync } from 'node:fs';
import {
  INITIAL_JS_BUDGET,
  LIST_SCREENS,
  SCREEN_JS_CEILING,
  SCREEN_JS_TARGET,
  initialScripts,
  measure,
  screenScripts,
  type ViteManifestChunk,
} from '../../scripts/bench-bundle.mjs';
import { expect, test } from '../fixtures';

/**
 * The JavaScript a first visit downloads before anything renders (the served index.html's entry script
 * and its modulepreloads) stays within 150 KB gzip, and the code editor is never part of it: CodeMirror
 * loads only when a JSON field is shown. `npm run bench` prints the same figures per chunk.
 */
test.describe('initial JavaScript budget', () => {
  test('the entry and its preloads are at most 150 KB gzip, without CodeMirror', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const paths = initialScripts(html);
    expect(paths.length).toBeGreaterThan(0);

    const chunks = [];
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.ok(), path).toBe(true);
      chunks.push(measure(path, await response.body()));
    }
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
    test.info().annotations.push({ type: 'initial JS', description: `${(total / 1024).toFixed(1)} KB gzip` });

    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    expect(chunks.filter((chunk) => chunk.codemirror).map((chunk) => chunk.path)).toEqual([]);
  });

  test('a lazy chunk holds the editor, so the marker check can see CodeMirror', async ({ page }) => {
    // Guards the check above: were the markers wrong, "no CodeMirror in the initial set" would pass
    // vacuously. Opening a screen with a JSON field must fetch a chunk the markers recognise.
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/apis');
    await page.getByRole('button', { name: 'Register Capability' }).click();
    await expect(page.getByRole('textbox', { name: 'Configuration JSON Schema' })).toBeVisible();
    const bodies = await Promise.all(
      scripts.map(async (url) => measure(url, await (await page.request.get(url)).body())),
    );
    expect(bodies.some((chunk) => chunk.codemirror)).toBe(true);
  });

  test('each list screen loads at most the per-screen ceiling of JavaScript, CodeMirror never', async ({
    request,
  }) => {
    // The manifest of the build under test (the server serves a copy of dist/client).
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
      string,
      ViteManifestChunk
    >;
    const over: string[] = [];
    for (const [route, source] of Object.entries(LIST_SCREENS)) {
      const files = screenScripts(manifest, source);
      const chunks = [];
      for (const file of files) {
        const response = await request.get(`/${file}`);
        expect(response.ok(), file).toBe(true);
        chunks.push(measure(file, await response.body()));
      }
      const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
      const figure = `${(total / 1024).toFixed(1)} KB gzip`;
      test.info().annotations.push({ type: route, description: figure });
      if (total > SCREEN_JS_TARGET) over.push(`${route} ${figure}`);
      expect(total, route).toBeLessThanOrEqual(SCREEN_JS_CEILING);
      expect(
        chunks.filter((chunk) => chunk.codemirror).map((chunk) => chunk.path),
        route,
      ).toEqual([]);
    }
    test.info().annotations.push({ type: 'over the 200 KB target', description: over.join(', ') || 'none' });
  });
});
