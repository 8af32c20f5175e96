import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from '@/auth/redirect';

describe('safeRedirect', () => {
  it.each(['/tenants', '/tenant/t1/control-plane?tab=configuration', '/audit-log#top'])(
    'keeps %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    [null],
    [''],
    ['tenants'],
    ['//evil.example.com/x'],
    ['/\\evil.example.com'],
    ['https://evil.example.com/'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/login?redirect=/tenants'],
  ])('falls back to / for %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});

describe('loginPath', () => {
  it('comes back to the path and search', () => {
    expect(loginPath({ pathname: '/tenants', search: '?q=acme' })).toBe(
      '/login?redirect=%2Ftenants%3Fq%3Dacme',
    );
  });

  it('needs no redirect for the Overview', () => {
    expect(loginPath({ pathname: '/', search: '' })).toBe('/login');
  });
});
