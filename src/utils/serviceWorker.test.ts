import { describe, expect, it, vi } from 'vitest';
import { unregisterServiceWorkers } from '@/utils/serviceWorker';

interface FakeSetup {
  protocol: string;
  registrations?: number;
  cacheNames?: string[];
  withServiceWorker?: boolean;
  withCaches?: boolean;
  failingRegistration?: boolean;
  getRegistrationsRejects?: boolean;
}

function fakeWindow(setup: FakeSetup) {
  const registrations = Array.from({ length: setup.registrations ?? 0 }, (_, i) => ({
    unregister: vi.fn(() =>
      setup.failingRegistration && i === 0 ? Promise.reject(new Error('boom')) : Promise.resolve(true),
    ),
  }));
  const getRegistrations = vi.fn(() =>
    setup.getRegistrationsRejects ? Promise.reject(new Error('SecurityError')) : Promise.resolve(registrations),
  );
  const names = [...(setup.cacheNames ?? [])];
  const caches = {
    keys: vi.fn(() => Promise.resolve([...names])),
    delete: vi.fn((name: string) => {
      const i = names.indexOf(name);
      if (i >= 0) names.splice(i, 1);
      return Promise.resolve(i >= 0);
    }),
  };
  const win: Record<string, unknown> = {
    location: { protocol: setup.protocol },
    navigator: setup.withServiceWorker === false ? {} : { serviceWorker: { getRegistrations } },
  };
  if (setup.withCaches !== false) win.caches = caches;
  return { win: win as unknown as Window, registrations, getRegistrations, caches, remaining: names };
}

describe('unregisterServiceWorkers (docs/rules.md#subscription-and-expiry)', () => {
  it('on https unregisters every registration and deletes every cache', async () => {
    const f = fakeWindow({ protocol: 'https:', registrations: 3, cacheNames: ['workbox-precache', 'runtime', 'images'] });
    await unregisterServiceWorkers(f.win);
    expect(f.getRegistrations).toHaveBeenCalledTimes(1);
    for (const r of f.registrations) expect(r.unregister).toHaveBeenCalledTimes(1);
    expect(f.caches.keys).toHaveBeenCalledTimes(1);
    expect(f.caches.delete).toHaveBeenCalledTimes(3);
    expect(f.caches.delete).toHaveBeenCalledWith('workbox-precache');
    expect(f.caches.delete).toHaveBeenCalledWith('runtime');
    expect(f.caches.delete).toHaveBeenCalledWith('images');
    expect(f.remaining).toEqual([]);
  });

  it('does nothing on http', async () => {
    const f = fakeWindow({ protocol: 'http:', registrations: 2, cacheNames: ['a'] });
    await unregisterServiceWorkers(f.win);
    expect(f.getRegistrations).not.toHaveBeenCalled();
    for (const r of f.registrations) expect(r.unregister).not.toHaveBeenCalled();
    expect(f.caches.keys).not.toHaveBeenCalled();
    expect(f.caches.delete).not.toHaveBeenCalled();
    expect(f.remaining).toEqual(['a']);
  });

  it('copes with no registrations and no caches', async () => {
    const f = fakeWindow({ protocol: 'https:' });
    await expect(unregisterServiceWorkers(f.win)).resolves.toBeUndefined();
    expect(f.getRegistrations).toHaveBeenCalledTimes(1);
    expect(f.caches.delete).not.toHaveBeenCalled();
  });

  it('copes with a browser without service workers or Cache Storage', async () => {
    const f = fakeWindow({ protocol: 'https:', withServiceWorker: false, withCaches: false });
    await expect(unregisterServiceWorkers(f.win)).resolves.toBeUndefined();
    const onlyCaches = fakeWindow({ protocol: 'https:', withServiceWorker: false, cacheNames: ['x'] });
    await unregisterServiceWorkers(onlyCaches.win);
    expect(onlyCaches.remaining).toEqual([]);
  });

  it('never rejects: a failing unregister or a refused registration list does not stop the cache cleanup', async () => {
    const failing = fakeWindow({ protocol: 'https:', registrations: 2, cacheNames: ['a'], failingRegistration: true });
    await expect(unregisterServiceWorkers(failing.win)).resolves.toBeUndefined();
    expect(failing.registrations[1].unregister).toHaveBeenCalledTimes(1);
    expect(failing.remaining).toEqual([]);

    const refused = fakeWindow({ protocol: 'https:', cacheNames: ['a', 'b'], getRegistrationsRejects: true });
    await expect(unregisterServiceWorkers(refused.win)).resolves.toBeUndefined();
    expect(refused.remaining).toEqual([]);
  });

  it('defaults to the global window (http in the test environment: nothing happens)', async () => {
    expect(window.location.protocol).not.toBe('https:');
    await expect(unregisterServiceWorkers()).resolves.toBeUndefined();
  });
});
