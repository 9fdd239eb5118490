import { history } from 'umi';
import { useSession } from './useSession';
import { logout as logoutCall } from '@/services/session';
import { tokenStore } from '@/utils/tokenStore';
import { loginUrlWithRedirect } from '@/utils/request';

/** Log out (docs/rules.md#subscription-and-expiry): end the session server-side, clear user and tokens, go to login with the current path. */
export function useLogout() {
  const { setSession } = useSession();
  return async () => {
    const target = loginUrlWithRedirect(history.location.pathname + history.location.search);
    try {
      await logoutCall();
    } catch {
      /* the token may already be invalid; leaving anyway */
    }
    tokenStore.clear();
    await setSession({});
    history.replace(target);
  };
}
