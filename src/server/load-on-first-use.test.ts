import { describe, expect, it, vi } from 'vitest';
import { loadOnFirstUse } from './load-on-first-use';

describe('loadOnFirstUse', () => {
  it('loads nothing until asked, then once for every use', async () => {
    const load = vi.fn(async () => ({ loaded: true }));
    const get = loadOnFirstUse(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect(await get()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('disk hiccup'))
      .mockResolvedValue('module');
    const get = loadOnFirstUse(load);
    await expect(get()).rejects.toThrow('disk hiccup');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
