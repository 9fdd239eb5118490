/** Loads what the app needs about the signed-in user: info, permissions, stores and menu (docs/screens.md#routes-and-shell, docs/rules.md#subscription-and-expiry). */
import type { InitialState } from '@/types/session';
import { tokenStore } from '@/utils/tokenStore';
import { fetchCurrentUser, fetchMenu, fetchPermissions, fetchStores } from './session';

export async function loadSession(): Promise<Required<InitialState>> {
  const [currentUser, permissions] = await Promise.all([fetchCurrentUser(), fetchPermissions()]);
  tokenStore.setRole(currentUser.roleId);
  const [stores, menu] = await Promise.all([fetchStores(), fetchMenu(currentUser.roleId)]);
  return { currentUser, permissions, stores, menu };
}
