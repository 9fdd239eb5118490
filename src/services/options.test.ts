/** The options cache (issue 10, docs/rules.md#constants-and-limits request cache 60 s): shared, expiring, dropped on writes and failures. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/utils/request';
import { tokenStore } from '@/utils/tokenStore';
import { clearOptionsCache, optionsGet } from './options';

afterEach(() => {
  vi.restoreAllMocks();
  clearOptionsCache();
});

function fakeGet() {
  let n = 0;
  return vi.spyOn(http, 'get').mockImplementation(async () => [{ value: (n += 1), label: `call ${n}` }] as never);
}

describe('optionsGet', () => {
  it('shares one call between screens (also while in flight), per url and params', async () => {
    const get = fakeGet();
    const [a, b] = await Promise.all([optionsGet('/v2/school/campus_options'), optionsGet('/v2/school/campus_options')]);
    expect(a).toBe(b);
    await optionsGet('/v2/school/campus_options');
    expect(get).toHaveBeenCalledTimes(1);
    await optionsGet('/v2/company_class/options', { all: 1 });
    await optionsGet('/v2/company_class/options', { all: 1, campusId: undefined });
    await optionsGet('/v2/company_class/options', { campusId: 2 });
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('expires after 60 s', async () => {
    const get = fakeGet();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await optionsGet('/v2/school/campus_options');
    now.mockReturnValue(1_000_000 + 59_999);
    await optionsGet('/v2/school/campus_options');
    expect(get).toHaveBeenCalledTimes(1);
    now.mockReturnValue(1_000_000 + 60_000);
    await optionsGet('/v2/school/campus_options');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('is stale after any write through the request layer and after a session change', async () => {
    const get = fakeGet();
    await optionsGet('/v2/school/campus_options');
    await http.post('/v2/user/login/password', {}, { skipErrorHandler: true }).catch(() => undefined);
    await optionsGet('/v2/school/campus_options');
    expect(get).toHaveBeenCalledTimes(2);
    tokenStore.set('another', 'session');
    await optionsGet('/v2/school/campus_options');
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('forgets a failed call', async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([] as never);
    await expect(optionsGet('/v2/school/campus_options')).rejects.toThrow('down');
    await expect(optionsGet('/v2/school/campus_options')).resolves.toEqual([]);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
