import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCanOnTenant, useCanReadAuditLog, useIsAdmin } from '@/auth/use-can';
import { makeMe, queryClientWithMe } from '@/test/me';
import type { Me } from '@contract/auth';

function withMe(me: Me | null) {
  const client = queryClientWithMe(me);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('permission hooks', () => {
  it('an administrator may do everything', () => {
    const wrapper = withMe(makeMe({ globalRole: 'admin' }));
    expect(renderHook(() => useIsAdmin(), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCanOnTenant('t9', 'delete'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCanReadAuditLog(), { wrapper }).result.current).toBe(true);
  });

  it('a member reads only inside their tenants and not the audit log', () => {
    const wrapper = withMe(makeMe({ memberships: [{ tenantId: 't1', role: 'member' }] }));
    expect(renderHook(() => useIsAdmin(), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useCanOnTenant('t1', 'read'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCanOnTenant('t1', 'configure'), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useCanOnTenant('t2', 'read'), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useCanReadAuditLog(), { wrapper }).result.current).toBe(false);
  });

  it('a tenant owner reads the audit log', () => {
    const wrapper = withMe(makeMe({ memberships: [{ tenantId: 't1', role: 'owner' }] }));
    expect(renderHook(() => useCanReadAuditLog(), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCanOnTenant('t1', 'manageAccess'), { wrapper }).result.current).toBe(true);
  });

  it('nobody signed in may do anything', () => {
    const wrapper = withMe(null);
    expect(renderHook(() => useIsAdmin(), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useCanOnTenant('t1', 'read'), { wrapper }).result.current).toBe(false);
  });
});
