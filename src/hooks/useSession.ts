/** The one place that reads Umi's initial-state model and access (so components stay testable). */
import { useAccess, useModel } from 'umi';
import type { InitialState } from '@/types/session';
import type { Access } from '@/access';

export function useSession() {
  const { initialState, setInitialState, refresh, loading } = useModel('@@initialState');
  const state = (initialState ?? {}) as InitialState;
  return {
    ...state,
    loading,
    refresh,
    setSession: (s: InitialState) => setInitialState(s),
  };
}

export function useAppAccess(): Access {
  return useAccess() as Access;
}
