/** Stored tokens (SPEC §9 local storage key `token`; the second token under `satoken`). */
const TOKEN = 'token';
const SATOKEN = 'satoken';

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

export const tokenStore = {
  get(): { token: string | null; satoken: string | null } {
    const s = storage();
    return { token: s?.getItem(TOKEN) ?? null, satoken: s?.getItem(SATOKEN) ?? null };
  },
  set(token: string, satoken: string) {
    const s = storage();
    s?.setItem(TOKEN, token);
    s?.setItem(SATOKEN, satoken);
  },
  clear() {
    const s = storage();
    s?.removeItem(TOKEN);
    s?.removeItem(SATOKEN);
  },
  has(): boolean {
    return !!storage()?.getItem(TOKEN);
  },
};
