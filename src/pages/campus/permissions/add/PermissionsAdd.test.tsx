import React from 'react';
import { permissionGroups } from '../../../../../server/db/schema';
import { defaultGroup, rowsOf } from '../../../../../mock/testing';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getDb } from '../../../../../mock/db';
import { history, loginAs, renderApp } from '../../../../../tests/utils/render';
import PermissionGroupEditPage from './index';

describe('/campus/permissions/add', () => {
  it('creates a group with the chosen flags and data scope, then goes back to the list', async () => {
    const session = await loginAs('dealer');
    renderApp(<PermissionGroupEditPage />, { route: '/campus/permissions/add', session });
    fireEvent.change(await screen.findByLabelText('Group name'), { target: { value: 'Front desk 前台' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Student management' }));
    fireEvent.click(screen.getByText('Own campus', { exact: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(history.location.pathname).toBe('/campus/permissions'));
    const made = (await rowsOf(permissionGroups)).find((g) => g.name === 'Front desk 前台')!;
    expect(made.dataScope).toBe('campus');
    expect(made.flags.studentManagement).toBe(1);
    expect(made.flags.staging).toBe(1);
    expect(made.flags.financialManagement).toBe(0);
  });

  it('locks the owner’s group', async () => {
    const session = await loginAs('dealer');
    const own = await defaultGroup(2, 'dealer');
    renderApp(<PermissionGroupEditPage />, { route: `/campus/permissions/add?id=${own.id}`, path: '/campus/permissions/add', session });
    expect(await screen.findByText(/The store owner is in this group/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Customer center' })).toBeDisabled();
  });
});
