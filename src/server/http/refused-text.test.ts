import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import { describeApi } from '../test/api-harness';
import { findRefusedText, NUL_MESSAGE, SURROGATE_MESSAGE } from './refused-text';

describe('findRefusedText', () => {
  it('names every string holding NUL or a lone surrogate by its dotted path, keys included', () => {
    const value = {
      name: 'ok',
      tags: ['fine', 'bad\u0000'],
      nested: { deep: { note: 'x\uD800y' } },
      ['key\u0000']: 'value',
      pair: '\uD83D\uDE00 is a well-formed emoji',
    };
    expect(findRefusedText(value, 'body')).toEqual([
      { path: 'body.tags.1', message: NUL_MESSAGE },
      { path: 'body.nested.deep.note', message: SURROGATE_MESSAGE },
      { path: 'body.key\\u0000', message: `field name ${NUL_MESSAGE}` },
    ]);
  });

  it('refuses a lone low surrogate and a high one at the end', () => {
    expect(findRefusedText('a\uDC00', 'q')).toHaveLength(1);
    expect(findRefusedText('a\uD800', 'q')).toHaveLength(1);
    expect(findRefusedText(null, 'body')).toEqual([]);
    expect(findRefusedText(42, 'body')).toEqual([]);
  });

  it('judges JSON text by what it parses to: an escaped NUL is a NUL once a service parses it', () => {
    const menuItems = JSON.stringify([{ microfrontendVersionId: 'mfv\u0000', order: 1 }]);
    expect(menuItems).toContain('\\u0000');
    expect(findRefusedText({ menuItems }, 'body')).toEqual([
      { path: 'body.menuItems', message: `JSON text ${NUL_MESSAGE}` },
    ]);
    // An escaped backslash, a well-formed pair and text that is not JSON stay allowed.
    expect(findRefusedText(['"\\\\u0000"', '["\\ud83d\\ude00"]', 'see \\u0000'], 'body')).toEqual([]);
  });

  it('walks deeply nested input without recursion', () => {
    let value: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findRefusedText(value, 'body')).toHaveLength(1);
  });
});

const fill = (url: string, value: string) => url.replace(/:(\w+)/g, () => value);
const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

describeApi('text PostgreSQL refuses, on every route', (ctx) => {
  const check = async (
    label: string,
    request: { method: string; url: string; payload?: string },
    expectedPaths: string[],
  ) => {
    const headers = request.payload ? { 'content-type': 'application/json' } : {};
    // As the administrator (who passes every guard) and anonymously.
    for (const anonymous of [false, true]) {
      const options = {
        method: request.method as 'GET',
        url: request.url,
        payload: request.payload,
        headers,
      };
      const res = anonymous ? await ctx().app.inject(options) : await ctx().inject(options);
      const body = res.json<ErrorBody>();
      expect({ label, anonymous, status: res.statusCode, code: body.code }).toEqual({
        label,
        anonymous,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(body.issues?.map((issue) => issue.path).sort()).toEqual([...expectedPaths].sort());
    }
  };

  it('answers 400 naming the field for a NUL in a path parameter, a query parameter and a body string', async () => {
    const routes = ctx().app.routeTable;
    expect(routes.length).toBeGreaterThan(70);
    let checked = 0;
    for (const { method, url } of routes) {
      const route = `${method} ${url}`;
      const names = paramNames(url);
      if (names.length > 0) {
        await check(
          `${route} params`,
          { method, url: fill(url, 'a%00b') },
          names.map((n) => `params.${n}`),
        );
      }
      await check(`${route} query`, { method, url: `${fill(url, 'x')}?q=a%00b` }, ['querystring.q']);
      if (method !== 'GET') {
        const payload = JSON.stringify({ name: 'a\u0000b', email: 'a\u0000@example.com' });
        await check(`${route} body`, { method, url: fill(url, 'x'), payload }, ['body.name', 'body.email']);
      }
      checked++;
    }
    expect(checked).toBe(routes.length);
  });

  it('refuses a NUL hidden in a JSON text field (a mesh menu) before its service parses it', async () => {
    const res = await ctx().inject({
      method: 'POST',
      url: '/api/web-app-meshes',
      payload: {
        tenantId: 'tenant-001',
        name: 'Mesh',
        menuItems: JSON.stringify([{ label: 'Home', microfrontendVersionId: 'a\u0000b', order: 1 }]),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().issues).toEqual([
      { path: 'body.menuItems', message: `JSON text ${NUL_MESSAGE}` },
    ]);
  });

  it('refuses a lone surrogate sent as a JSON escape', async () => {
    const res = await ctx().inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x\\ud800","owner":"o@example.com"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().issues).toEqual([{ path: 'body.name', message: SURROGATE_MESSAGE }]);
  });

  it('refuses a NUL in a field the schema declares loosely (a record key or value)', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.com', password: 'pass\u0000word', extra: { ['k\u0000']: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().issues?.map((i) => i.path)).toEqual([
      'body.password',
      'body.extra.k\\u0000',
    ]);
  });
});
