import { describe, expect, it } from 'vitest';
import { MAX_PATH_PARAM_LENGTH, routeFieldsSchema, routePathProblem } from './gateway';

const fields = (path: string) => ({ path, methods: ['GET'], targetService: 'svc:80' });

describe('route path rule (contract)', () => {
  it('refuses a parameter name over 32 characters (PCRE group names), naming the path', () => {
    expect(MAX_PATH_PARAM_LENGTH).toBe(32);
    const ok = `/x/{${'a'.repeat(32)}}`;
    const long = `/x/{${'a'.repeat(33)}}`;
    expect(routeFieldsSchema.safeParse(fields(ok)).success).toBe(true);
    const refused = routeFieldsSchema.safeParse(fields(long));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['path', `Parameter name ${'a'.repeat(33)} is longer than 32 characters`],
    ]);
  });

  it('refuses a parameter named twice, and the shapes it refused before', () => {
    expect(routePathProblem('/a/{id}/b/{id}')).toBe('Parameter {id} appears twice');
    expect(routePathProblem('/a/{id}/b/{Id}')).toBeUndefined();
    expect(routePathProblem('orders')).toBe('Must start with /');
    expect(routePathProblem('/a/')).toBe('Must not end with /');
    expect(routePathProblem('/a/../b')).toBe('Must not contain . or .. segments');
    expect(routePathProblem('/a?b')).toMatch(/^Invalid segment/);
    expect(routePathProblem('/v1.0/~me/{id}')).toBeUndefined();
    expect(routeFieldsSchema.safeParse(fields('/a//b')).success).toBe(false);
  });
});
