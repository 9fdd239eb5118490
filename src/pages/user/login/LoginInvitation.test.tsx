/**
 * A person with no usable membership but a pending invitation (docs/rules.md#people-and-credentials, issue 29): the login used to refuse
 * them; now it shows the invitations, and accepting signs them in on the new membership (declining everything says so).
 */
import { sessionByToken } from '../../../../server/auth/state';
import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Login from './index';
import { history, renderApp } from '../../../../tests/utils/render';
import { tokenStore } from '@/utils/tokenStore';
import { tx } from '../../../../server/db';
import { invitations } from '../../../../server/db/schema';
import { mapleTeacherInvitation, membershipRows, rowsOf, setAccountsDisabled } from '../../../../mock/testing';
import { resetDb } from '../../../../mock/handlers';

// Each case starts from the seed (tests/setup.ts seeds once per file).
beforeEach(() => {
  resetDb();
});

/** Maple's teacher (user 11) with Maple's membership disabled, invited by Starlight Dance as a teacher. */
async function strandedAndInvited() {
  await setAccountsDisabled(11, true);
  await (await tx()).insert(invitations).values(mapleTeacherInvitation({ createdAt: new Date('2026-11-20T10:00:00') }));
}

async function signIn() {
  const user = userEvent.setup({ delay: null });
  renderApp(<Login />, { route: '/user/login', path: '/user/login' });
  await user.type(screen.getByLabelText('Account or mobile'), 'mapleteacher');
  await user.type(screen.getByLabelText('Password'), 'maple123');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('Login with invitations and no usable membership', () => {
  it('shows the invitation; accepting signs in on the new membership', async () => {
    await strandedAndInvited();
    const user = await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Invitations waiting for you' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Starlight Dance');
    expect(dialog).toHaveTextContent('As Teacher');
    expect(tokenStore.get().token).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Accept the invitation of Starlight Dance' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(tokenStore.get().token).toMatch(/^[0-9a-f]{48}$/);
    const m = (await membershipRows()).find((x) => x.userId === 11 && x.companyId === 2);
    expect(m).toMatchObject({ role: 'teacher', type: 2 });
    expect((await sessionByToken(tokenStore.get().token!))!.roleId).toBe(m!.roleId);
  });

  it('declining the only invitation leaves no membership and says why there is no sign-in', async () => {
    await strandedAndInvited();
    const user = await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Invitations waiting for you' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Decline the invitation of Starlight Dance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You declined every invitation and have no active company account.');
    expect((await membershipRows()).some((x) => x.userId === 11 && x.companyId === 2)).toBe(false);
    expect((await rowsOf(invitations))[0].status).toBe('declined');
    expect(tokenStore.get().token).toBeNull();
    expect(history.location.pathname).toBe('/user/login');
  });

  it('without an invitation the login is refused, saying the account is disabled and whom to contact (issue 31)', async () => {
    await setAccountsDisabled(11, true);
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account at Maple Music has been disabled.');
    expect(alert).toHaveTextContent('contact 郭俊杰 (13800000010) or the Maple Main campus (020-83330004)');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
