import { expect, it } from 'vitest';
import { microfrontendVersionSchema } from '../../contract/microfrontends';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

const HASH = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

describeApi(
  'microfrontend registry',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx().inject({ method, url, payload });

    it('registers a microfrontend; a taken slug is a 409, a malformed one a 400', async () => {
      const res = await send('POST', '/api/microfrontends', {
        slug: 'checkout',
        name: 'Checkout',
        repository: 'https://git.example.com/checkout',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ slug: 'checkout', createdBy: 'test-admin@example.com' });
      const taken = await send('POST', '/api/microfrontends', { slug: 'checkout', name: 'Again' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('A microfrontend with this slug already exists');
      const bad = await send('POST', '/api/microfrontends', { slug: 'Check Out', name: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body.slug');
    });

    it('adds draft versions with validated fields', async () => {
      const ok = await send('POST', '/api/microfrontend-versions', {
        microfrontendId: 'mfe-2',
        version: '2.0.0',
        entryUrl: 'https://cdn.example.com/reports/2.0.0/remoteEntry.js',
        exposedModules: '["./App","./Widget"]',
        integrityHash: HASH,
        defaultConfig: '{"theme":"dark","pageSize":20}',
      });
      expect(ok.statusCode).toBe(201);
      expect(microfrontendVersionSchema.parse(ok.json())).toMatchObject({
        status: 'draft',
        moduleType: 'module-federation',
      });
      const cases: [object, string][] = [
        [{ entryUrl: 'ftp://cdn.example.com/x.js' }, 'body.entryUrl'],
        [{ exposedModules: '{"a":1}' }, 'body.exposedModules'],
        [{ exposedModules: '[1,2]' }, 'body.exposedModules'],
        [{ integrityHash: 'md5-abc' }, 'body.integrityHash'],
        [{ moduleType: 'applet' }, 'body.moduleType'],
        [{ version: '' }, 'body.version'],
      ];
      for (const [change, field] of cases) {
        const res = await send('POST', '/api/microfrontend-versions', {
          microfrontendId: 'mfe-2',
          version: '9.9.9',
          ...change,
        });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
      expect(
        (await send('POST', '/api/microfrontend-versions', { microfrontendId: 'mfe-2', version: '2.0.0' }))
          .statusCode,
      ).toBe(409);
      expect(
        (await send('POST', '/api/microfrontend-versions', { microfrontendId: 'nope', version: '1.0.0' }))
          .statusCode,
      ).toBe(404);
    });

    it('publishes a complete draft, whose entry URL, modules and hash then never change', async () => {
      const draft = (
        await send('POST', '/api/microfrontend-versions', { microfrontendId: 'mfe-2', version: '3.0.0' })
      ).json();
      const incomplete = await send('POST', `/api/microfrontend-versions/${draft.id}/publish`);
      expect(incomplete.statusCode).toBe(409);
      expect(incomplete.json().message).toBe('Set entryUrl, exposedModules, integrityHash before publishing');
      await send('PATCH', `/api/microfrontend-versions/${draft.id}`, {
        entryUrl: 'https://cdn.example.com/r/3.0.0/remoteEntry.js',
        exposedModules: '["./App"]',
        integrityHash: HASH,
      });
      const published = await send('POST', `/api/microfrontend-versions/${draft.id}/publish`);
      expect(published.json().status).toBe('published');
      const frozen = await send('PATCH', `/api/microfrontend-versions/${draft.id}`, {
        entryUrl: 'https://evil.example.com/x.js',
      });
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json().message).toBe("A published version's entryUrl never changes");
      expect(
        (
          await send('PATCH', `/api/microfrontend-versions/${draft.id}`, {
            buildMetadata: '{"commit":"abc"}',
          })
        ).statusCode,
      ).toBe(200);
      // An empty edit changes nothing and is not an error.
      expect((await send('PATCH', `/api/microfrontend-versions/${draft.id}`, {})).json().buildMetadata).toBe(
        '{"commit":"abc"}',
      );
      expect((await send('POST', `/api/microfrontend-versions/${draft.id}/publish`)).statusCode).toBe(409);
      expect((await send('POST', `/api/microfrontend-versions/${draft.id}/deprecate`)).json().status).toBe(
        'deprecated',
      );
      expect((await send('POST', `/api/microfrontend-versions/${draft.id}/deprecate`)).statusCode).toBe(409);
    });

    it('refuses to delete a microfrontend that is live or used by a mesh, deletes an unused one', async () => {
      const used = await send('DELETE', '/api/microfrontends/mfe-1');
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toBe('Dashboard is used by the mesh Main Mesh');
      const fresh = (await send('POST', '/api/microfrontends', { slug: 'temp', name: 'Temp' })).json();
      expect((await send('DELETE', `/api/microfrontends/${fresh.id}`)).statusCode).toBe(204);
      expect((await send('DELETE', `/api/microfrontends/${fresh.id}`)).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
