/**
 * Test stand-in for Umi's runtime exports (they exist only inside the Umi build). Routing is react-router 6,
 * as in Umi; the initial-state model and access come from a small provider that the render helper mounts, with
 * the app's real src/access.ts.
 */
import React, { createContext, useContext, useMemo, useState } from 'react';
import { createMemoryHistory } from 'history';
import computeAccess from '@/access';
import type { InitialState } from '@/types/session';

export { Link, NavLink, Navigate, Outlet, useLocation, useNavigate, useOutlet, useParams, useSearchParams } from 'react-router-dom';

export const history = createMemoryHistory();

interface ModelValue {
  initialState: InitialState | undefined;
  setInitialState: (s: InitialState) => Promise<void>;
  refresh: () => Promise<void>;
  loading: boolean;
}

const Ctx = createContext<ModelValue | undefined>(undefined);

export function TestInitialStateProvider({ initial, children }: { initial?: InitialState; children: React.ReactNode }) {
  const [state, setState] = useState<InitialState | undefined>(initial);
  const value = useMemo<ModelValue>(
    () => ({
      initialState: state,
      setInitialState: async (s) => setState(s),
      refresh: async () => undefined,
      loading: false,
    }),
    [state],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useModel(name: string): ModelValue {
  const v = useContext(Ctx);
  if (name !== '@@initialState' || !v) throw new Error(`useModel(${name}) is not available in tests`);
  return v;
}

export function useAccess() {
  const v = useContext(Ctx);
  return computeAccess(v?.initialState);
}

export function defineConfig<T>(c: T): T {
  return c;
}
