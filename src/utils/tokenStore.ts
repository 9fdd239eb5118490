/**
 * Stored tokens (docs/rules.md#constants-and-limits local storage key `token`; the second token under `satoken`), and the role of the session's
 * last loaded user info under `roleId`: the boot script (config/preloadLocale.ts) sends the menu call of that role
 * with the other session calls instead of after the user info has answered (issue 10). A stale role only means the
 * app asks for its menu itself; the key goes with the tokens.
 */
const TOKEN = 'token';
const SATOKEN = 'satoken';
export const ROLE_KEY = 'roleId';

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
    s?.removeItem(ROLE_KEY);
  },
  /** Remembers the role of the signed-in user (see above); no write when it is already stored (the usual load). */
  setRole(roleId: number) {
    try {
      const s = storage();
      if (s && s.getItem(ROLE_KEY) !== String(roleId)) s.setItem(ROLE_KEY, String(roleId));
    } catch {
      // Storage full or refused: the boot script then waits for the user info, as without a stored role.
    }
  },
  has(): boolean {
    return !!storage()?.getItem(TOKEN);
  },
};
