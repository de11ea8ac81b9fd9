import { describe, expect, it, vi } from 'vitest';
import { once } from '../../src/lib/once';

describe('once', () => {
  it('shares one load among its callers, and tries again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const get = once(load);
    await expect(Promise.all([get(), get()])).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(1);
    expect(await Promise.all([get(), get()])).toEqual(['module', 'module']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
