/**
 * docs/rules.md#subscription-and-expiry: on https, any service worker is unregistered and caches are cleared (the progressive web app
 * option is off). On http nothing happens.
 *
 * Best effort: a failing registration or cache never rejects, so app start-up is never blocked by it.
 */
export async function unregisterServiceWorkers(win: Window = window): Promise<void> {
  if (win.location?.protocol !== 'https:') return;

  const container = win.navigator?.serviceWorker;
  if (container && typeof container.getRegistrations === 'function') {
    try {
      const registrations = await container.getRegistrations();
      await Promise.allSettled(registrations.map((registration) => registration.unregister()));
    } catch {
      // Service workers unavailable (e.g. blocked by the browser): nothing to unregister.
    }
  }

  const storage = 'caches' in win ? win.caches : undefined;
  if (storage && typeof storage.keys === 'function') {
    try {
      const names = await storage.keys();
      await Promise.allSettled(names.map((name) => storage.delete(name)));
    } catch {
      // Cache Storage unavailable: nothing to clear.
    }
  }
}
