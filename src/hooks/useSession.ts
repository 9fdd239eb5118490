/** The one place that reads Umi's initial-state model and access (so components stay testable). */
import { flushSync } from 'react-dom';
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
    /** Replace the session state synchronously, so a navigation right after sees it (as ant-design-pro does). */
    setSession: async (s: InitialState) => {
      flushSync(() => {
        void setInitialState(s);
      });
    },
  };
}

export function useAppAccess(): Access {
  return useAccess() as Access;
}
