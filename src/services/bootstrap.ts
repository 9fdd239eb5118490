/** Loads what the app needs about the signed-in user: info, permissions, stores and menu (SPEC §2, §4). */
import type { InitialState } from '@/types/session';
import { fetchCurrentUser, fetchMenu, fetchPermissions, fetchStores } from './session';

export async function loadSession(): Promise<Required<InitialState>> {
  const [currentUser, permissions] = await Promise.all([fetchCurrentUser(), fetchPermissions()]);
  const [stores, menu] = await Promise.all([fetchStores(), fetchMenu(currentUser.roleId)]);
  return { currentUser, permissions, stores, menu };
}
