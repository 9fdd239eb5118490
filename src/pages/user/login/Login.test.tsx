import React from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const setup = () => userEvent.setup({ delay: null });
import Login from './index';
import { history, renderApp } from '../../../../tests/utils/render';
import { tokenStore } from '@/utils/tokenStore';
import { rememberSessionEnd } from '@/utils/sessionEnd';

/** Opens the login page at `route`; returns the user that drives it. */
function openLogin(route = '/user/login') {
  const user = setup();
  renderApp(<Login />, { route, path: '/user/login' });
  return user;
}

/** Logs in with an account (or mobile) and a password. */
async function logIn(user: ReturnType<typeof setup>, account: string, password: string) {
  await user.type(screen.getByLabelText('Account or mobile'), account);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

/** Opens the login page on its SMS tab and types the mobile. */
async function openSmsLogin(mobile: string) {
  const user = openLogin();
  await user.click(screen.getByRole('tab', { name: 'Mobile and SMS code' }));
  await user.type(screen.getByLabelText('Mobile'), mobile);
  return user;
}

describe('Login page', () => {
  it('logs in with a password and returns to a same-origin redirect', async () => {
    await logIn(openLogin('/user/login?redirect=%2Fcampus%2Forder%3Fstatus%3Dpaid'), 'dealer', 'dealer123');
    await waitFor(() => expect(history.location.pathname).toBe('/campus/order'));
    expect(history.location.search).toBe('?status=paid');
    expect(tokenStore.get().token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('ignores an off-site redirect and goes to /dashboard', async () => {
    await logIn(openLogin('/user/login?redirect=%2F%2Fevil.example.com%2Fx'), 'manager', 'manager123');
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message and keeps what was typed on a wrong password', async () => {
    await logIn(openLogin(), 'dealer', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect account or password.');
    expect(screen.getByLabelText('Account or mobile')).toHaveValue('dealer');
    expect(history.location.pathname).toBe('/user/login');
  });

  it('signed out because the account was disabled: the login page says so, once (issue 31)', async () => {
    rememberSessionEnd('Your account at Starlight Dance has been disabled. To have it enabled again, contact 周晓彤 (13800000002).');
    const { unmount } = renderApp(<Login />, { route: '/user/login', path: '/user/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account at Starlight Dance has been disabled. To have it enabled again, contact 周晓彤 (13800000002).');
    unmount();
    renderApp(<Login />, { route: '/user/login', path: '/user/login' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('validates required fields before calling the server', async () => {
    const user = openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your account or mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  });

  it('logs in by SMS: sends a code, counts down 60 s, accepts 123456', async () => {
    const user = await openSmsLogin('13800000004');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in (60|59) s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
  });

  it('refuses a wrong SMS code with the server message', async () => {
    const user = await openSmsLogin('13800000005');
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is incorrect.');
  });
});
