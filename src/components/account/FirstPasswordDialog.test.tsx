import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FirstPasswordDialog from './FirstPasswordDialog';
import { loginAs, renderApp } from '../../../tests/utils/render';
import { useSession } from '@/hooks/useSession';
import { resetDb } from '../../../mock/db';
import { setUserFields, userNamed } from '../../../mock/testing';
import { rememberLoginPassword } from '@/utils/firstLogin';

/** The dialog as the layout shows it, with what the session says about the password. */
function Shown() {
  const { currentUser } = useSession();
  return currentUser?.mustChangePassword ? <FirstPasswordDialog /> : <p>{`console for ${currentUser?.name}`}</p>;
}

const teacher = () => userNamed('teacher');

describe('first-login password dialog', () => {
  beforeEach(() => {
    resetDb();
    rememberLoginPassword(undefined);
  });

  it('after a reload (password not in memory) asks for the given one, shows the server refusal, then saves and lets the person in', async () => {
    const user = userEvent.setup({ delay: null });
    await setUserFields((await teacher()).id, { mustChangePassword: true });
    const session = await loginAs('teacher');
    expect(session.currentUser?.mustChangePassword).toBe(true);
    renderApp(<Shown />, { session });
    const dialog = await screen.findByRole('dialog', { name: 'Choose your own password' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Password you were given'), 'wrong-one');
    await user.type(within(dialog).getByLabelText('New password'), 'teacher-own-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'teacher-own-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    // The server's refusal of a wrong current password, in the dialog.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    expect((await teacher()).mustChangePassword).toBe(true);
    await user.clear(within(dialog).getByLabelText('Password you were given'));
    await user.type(within(dialog).getByLabelText('Password you were given'), 'teacher123');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('console for 王若汐')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose your own password' })).toBeNull());
    expect((await teacher()).mustChangePassword).toBeUndefined();
  }, 120_000);

  it('right after the login uses the password typed there and asks only for the new one twice', async () => {
    const user = userEvent.setup({ delay: null });
    await setUserFields((await teacher()).id, { mustChangePassword: true });
    const session = await loginAs('teacher');
    rememberLoginPassword('teacher123');
    renderApp(<Shown />, { session });
    const dialog = await screen.findByRole('dialog', { name: 'Choose your own password' });
    expect(within(dialog).queryByLabelText('Password you were given')).toBeNull();
    await user.type(within(dialog).getByLabelText('New password'), 'teacher123');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'teacher123');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('Choose a password other than the one you were given.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('New password'));
    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('New password'), 'teacher-own-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'teacher-own-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('console for 王若汐')).toBeInTheDocument();
    expect((await teacher()).mustChangePassword).toBeUndefined();
  }, 120_000);
});
