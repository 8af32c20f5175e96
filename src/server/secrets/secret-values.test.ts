import { describe, expect, it } from 'vitest';
import { masked, redacted, withSecrets } from './secret-values';

const text = (value: unknown) => JSON.stringify(value);

describe('masked', () => {
  it('replaces secrets inside JSON text with references naming their place', () => {
    const change = { kind: 'tenant.update', body: { idpConfiguration: text({ domain: 'a', apiKey: 'k1' }) } };
    expect(masked(change)).toEqual({
      kind: 'tenant.update',
      body: {
        idpConfiguration: text({ domain: 'a', apiKey: { secretRef: 'body.idpConfiguration.apiKey' } }),
      },
    });
  });

  it('leaves the record’s own keys, plain text, empty secrets and text that is not JSON as they are', () => {
    const event = {
      tokenId: 'tok-1',
      note: 'password reset',
      settings: text({ password: '' }),
      broken: '{"password": ',
    };
    expect(masked(event)).toEqual(event);
  });

  it('marks the later side of a pair where the secret changed, not where it stayed', () => {
    const changes = {
      idpConfiguration: {
        from: text({ clientSecret: 'one', other: 'x' }),
        to: text({ clientSecret: 'two', other: 'y' }),
      },
      authConfiguration: { from: text({ token: 't' }), to: text({ token: 't', more: 1 }) },
    };
    const out = masked(changes);
    expect(JSON.parse(out.idpConfiguration.to).clientSecret).toEqual({
      secretRef: 'idpConfiguration.clientSecret',
      changed: true,
    });
    expect(JSON.parse(out.idpConfiguration.from).clientSecret).toEqual({
      secretRef: 'idpConfiguration.clientSecret',
    });
    expect(JSON.parse(out.authConfiguration.to).token).toEqual({ secretRef: 'authConfiguration.token' });
    const diff = [{ label: 'Configuration', before: text({ secret: 'a' }), after: text({ secret: 'b' }) }];
    expect(JSON.parse(masked(diff)[0]?.after ?? '').secret).toMatchObject({ changed: true });
  });

  it('masks a pair whose sides are JSON values already parsed, as a review’s diff shows a configuration', () => {
    const diff = [
      {
        label: 'production / eu-west-1: v1 → v2',
        before: { db: { host: 'h', password: 'one' }, apiKeys: ['k1'] },
        after: { db: { host: 'h', password: 'two' }, apiKeys: ['k1'] },
      },
      { label: 'Policy server configuration', before: null, after: { bundleUrl: 'u', token: 't' } },
    ];
    const out = masked(diff);
    expect(JSON.stringify(out)).not.toMatch(/"(one|two|k1|t)"/);
    expect(out[0]?.after).toEqual({
      db: { host: 'h', password: { secretRef: 'db.password', changed: true } },
      apiKeys: [{ secretRef: 'apiKeys[0]' }],
    });
    expect(out[0]?.before).toMatchObject({ db: { password: { secretRef: 'db.password' } } });
    expect(out[1]?.after).toEqual({ bundleUrl: 'u', token: { secretRef: 'token', changed: true } });
    // Masking again changes nothing (the trail is masked again at start).
    expect(masked(out)).toEqual(out);
    // A row's snapshot in the trail is no diff entry: its columns' names are no settings.
    const snapshot = { before: { tokenPrefix: 'rmt_ab' }, after: { tokenPrefix: 'rmt_cd' } };
    expect(masked(snapshot)).toEqual(snapshot);
  });

  it('masks what an object holding a secretRef beside other keys holds: it is no reference', () => {
    const settings = text({
      password: { secretRef: 'vault/a', value: 'hunter2' },
      vault: { secretRef: 'kv', password: 'p' },
      kept: { secretRef: 'ref' },
    });
    const out = JSON.parse(masked(settings));
    expect(JSON.stringify(out)).not.toMatch(/hunter2|"p"/);
    expect(out.kept).toEqual({ secretRef: 'ref' });
  });

  it('keeps JSON text laid out over lines that way', () => {
    const indented = JSON.stringify({ db: { password: 'p' } }, null, 2);
    expect(masked(indented)).toBe(
      JSON.stringify({ db: { password: { secretRef: 'db.password' } } }, null, 2),
    );
  });

  it('masks JSON text held inside JSON text, at any depth of arrays', () => {
    const fingerprint = text(['Acme', null, text({ nested: [{ privateKey: 'pem' }] })]);
    expect(masked(fingerprint)).not.toContain('pem');
    expect(masked(fingerprint)).toContain('secretRef');
  });
});

describe('redacted and withSecrets', () => {
  it('masks every string inside a list or an object under a secret’s name', () => {
    const live = { apiKeys: ['k1', 'k2'], credentials: { user: 'svc', pass: 'p', port: 5432 }, host: 'h' };
    const exported = redacted(live, 'spec');
    expect(exported).toEqual({
      apiKeys: [{ secretRef: 'spec.apiKeys[0]' }, { secretRef: 'spec.apiKeys[1]' }],
      credentials: {
        user: { secretRef: 'spec.credentials.user' },
        pass: { secretRef: 'spec.credentials.pass' },
        port: 5432,
      },
      host: 'h',
    });
    const missing = (ref: string): never => {
      throw new Error(ref);
    };
    expect(withSecrets(exported, live, missing)).toEqual(live);
    // A key added to a list is a changed secret; one that stayed is not.
    expect(redacted({ apiKeys: ['k1', 'k3'] }, '', { apiKeys: ['k1'] })).toEqual({
      apiKeys: [{ secretRef: 'apiKeys[0]' }, { secretRef: 'apiKeys[1]', changed: true }],
    });
  });

  it('round-trips: a reference plans as the secret the server holds', () => {
    const live = { db: { password: 'hunter2', host: 'h' }, keys: [{ credential: 'c' }] };
    const exported = redacted(live, 'spec');
    expect(exported).toEqual({
      db: { password: { secretRef: 'spec.db.password' }, host: 'h' },
      keys: [{ credential: { secretRef: 'spec.keys[0].credential' } }],
    });
    const missing = (ref: string): never => {
      throw new Error(ref);
    };
    expect(withSecrets(exported, live, missing)).toEqual(live);
    expect(() => withSecrets(exported, {}, missing)).toThrow('spec.db.password');
  });
});
