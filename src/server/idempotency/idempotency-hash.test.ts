import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/users';
import type { Viewer } from '../auth/viewer';
import { callerOf, canonicalJson, carriesSecret, requestHash } from './idempotency';

describe('Idempotency-Key request hash and caller', () => {
  it('writes JSON with keys sorted at every level, arrays in their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('text')).toBe('"text"');
  });

  it('hashes the method, the URL and the body, not the order of its keys', () => {
    const hash = requestHash('POST', '/api/tenants', { name: 'a', owner: 'b' });
    expect(requestHash('POST', '/api/tenants', { owner: 'b', name: 'a' })).toBe(hash);
    expect(requestHash('POST', '/api/tenants', { name: 'a ', owner: 'b' })).not.toBe(hash);
    expect(requestHash('POST', '/api/tenants?x=1', { name: 'a', owner: 'b' })).not.toBe(hash);
    expect(requestHash('PUT', '/api/tenants', { name: 'a', owner: 'b' })).not.toBe(hash);
    expect(requestHash('POST', '/api/x', undefined)).toBe(requestHash('POST', '/api/x', null));
  });

  it('tells a body carrying a secret, at any depth, from one without', () => {
    expect(carriesSecret({ name: 'a', password: 'p' })).toBe(true);
    expect(carriesSecret({ sso: { clientSecret: 's' } })).toBe(true);
    expect(carriesSecret([{ apiToken: 't' }])).toBe(true);
    expect(carriesSecret({ name: 'a', password: null })).toBe(false);
    expect(carriesSecret({ name: 'password', owner: 'secret' })).toBe(false);
    expect(carriesSecret(undefined)).toBe(false);
  });

  it('scopes keys to the token when there is one, else to the user', () => {
    const user: User = {
      id: 'u1',
      revision: 1,
      email: 'u1@example.com',
      name: 'U1',
      avatarUrl: null,
      globalRole: 'user',
      globalRoleSource: 'manual',
      status: 'active',
      kind: 'person',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastLoginAt: null,
    };
    const viewer: Viewer = { user, sessionId: 's', isAdmin: false, roles: new Map() };
    expect(callerOf(viewer)).toBe('user:u1');
    const token = { id: 't1', name: 'ci', readOnly: false, tenantIds: null, meshId: null };
    expect(callerOf({ ...viewer, sessionId: 'token:t1', token })).toBe('token:t1');
  });
});
