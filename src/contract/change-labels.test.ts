import { describe, expect, it } from 'vitest';
import { changeKinds } from './change-kinds';
import { labelledChangeKinds } from './change-labels';

describe('change labels', () => {
  it('list the kinds in the schema order, so the kind filter offers them as it always did', () => {
    // The compiler checks the labels name exactly the schema's kinds; only their order is left to see.
    expect(labelledChangeKinds).toEqual(changeKinds);
  });
});
