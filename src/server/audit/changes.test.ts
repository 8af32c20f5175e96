import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  const before = { name: 'Acme', regions: ['us-east-1'], owner: 'a@x.io', revision: 1, updatedAt: 't1' };

  it('records only the fields whose value changed, arrays compared by content', () => {
    const after = { ...before, name: 'Acme Corp', regions: ['us-east-1'], revision: 2, updatedAt: 't2' };
    expect(changedFields(before, after)).toEqual({ name: { from: 'Acme', to: 'Acme Corp' } });
  });

  it('looks only at the fields it is given', () => {
    const after = { ...before, name: 'Other', owner: 'b@x.io' };
    expect(changedFields(before, after, ['owner'])).toEqual({ owner: { from: 'a@x.io', to: 'b@x.io' } });
  });

  it('tells null from a missing value and from an empty array', () => {
    expect(changedFields({ regions: null as string[] | null }, { regions: [] })).toEqual({
      regions: { from: null, to: [] },
    });
  });
});
