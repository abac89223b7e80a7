import { clearReferenceCache, memoReference } from '../../shared/store/memo';

describe('reference data cache', () => {
  afterEach(() => {
    delete process.env.REFERENCE_CACHE_SECONDS;
    delete process.env.TABLE_NAME;
    clearReferenceCache();
  });

  it('reads every time when REFERENCE_CACHE_SECONDS is unset', async () => {
    const load = jest.fn(async () => 'x');
    await memoReference('k', load);
    await memoReference('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads once within the TTL, per table', async () => {
    process.env.REFERENCE_CACHE_SECONDS = '60';
    const load = jest.fn(async () => process.env.TABLE_NAME);
    process.env.TABLE_NAME = 'a';
    expect(await memoReference('k', load)).toBe('a');
    expect(await memoReference('k', load)).toBe('a');
    process.env.TABLE_NAME = 'b';
    expect(await memoReference('k', load)).toBe('b');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    process.env.REFERENCE_CACHE_SECONDS = '60';
    const load = jest.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValueOnce('ok');
    await expect(memoReference('k', load)).rejects.toThrow('throttled');
    await new Promise((r) => setImmediate(r));
    await expect(memoReference('k', load)).resolves.toBe('ok');
  });
});
