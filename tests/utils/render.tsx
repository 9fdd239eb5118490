/**
 * Render helpers for component tests: the real app providers (antd, locale, request presenter), react-router on
 * the shim's memory history, and a session obtained by logging in for real against the msw mock backend.
 */
import React from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { unstable_HistoryRouter as HistoryRouter, Routes, Route } from 'react-router-dom';
import { history } from 'umi';
import { TestInitialStateProvider } from '../shims/umi';
import AppProviders from '@/components/AppProviders';
import { loginByPassword } from '@/services/session';
import { loadSession } from '@/services/bootstrap';
import { tokenStore } from '@/utils/tokenStore';
import { resetUnauthorized } from '@/utils/request';
import { setLocale } from '@/locales';
import type { InitialState } from '@/types/session';
import { isInvitationTicket } from '@/types/invitation';
import { DEMO_PASSWORDS } from '../demoAccounts';

export { DEMO_PASSWORDS };

/** Logs in as a demo account through the real services; returns the loaded initial state. */
export async function loginAs(username: keyof typeof DEMO_PASSWORDS | string): Promise<InitialState> {
  const res = await loginByPassword({ username, password: DEMO_PASSWORDS[username] });
  if (isInvitationTicket(res)) throw new Error(`${username} has no usable membership, only invitations`);
  tokenStore.set(res.token, res.satoken);
  resetUnauthorized();
  return loadSession();
}

export interface RenderAppOptions {
  route?: string;
  /** Route pattern the element is mounted at (default: the path of `route`). */
  path?: string;
  session?: InitialState;
  locale?: 'en-US' | 'zh-CN';
}

export function renderApp(ui: React.ReactElement, opts: RenderAppOptions = {}): RenderResult {
  setLocale(opts.locale ?? 'en-US');
  const route = opts.route ?? '/';
  history.replace(route);
  const path = opts.path ?? route.split('?')[0];
  return render(
    <TestInitialStateProvider initial={opts.session}>
      <AppProviders>
        <HistoryRouter history={history}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<div data-testid="elsewhere">{'elsewhere'}</div>} />
          </Routes>
        </HistoryRouter>
      </AppProviders>
    </TestInitialStateProvider>,
  );
}

export { history };
