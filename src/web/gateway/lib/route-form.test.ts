import { describe, expect, it } from 'vitest';
import { routeFormDefaults, routeFormSchema } from '@/gateway/lib/route-form';

const values = (path: string) => ({ ...routeFormDefaults(undefined, 'api-001'), path, targetService: 'svc' });

describe('route form path', () => {
  it("shows the contract's path rules on the path field: long and repeated parameter names", () => {
    const long = routeFormSchema.safeParse(values(`/x/{${'p'.repeat(33)}}`));
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['path', `Parameter name ${'p'.repeat(33)} is longer than 32 characters`],
    ]);
    const twice = routeFormSchema.safeParse(values('/x/{id}/{id}'));
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['path']);
    expect(routeFormSchema.safeParse(values('/x/{id}')).success).toBe(true);
  });
});
