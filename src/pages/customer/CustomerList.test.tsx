import React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AddCustomer from './components/AddCustomer';
import LeadPoolPage from '../lead';
import { loginAs, renderApp } from '../../../tests/utils/render';
import { resetDb } from '../../../mock/db';
import { allLeads } from '../../../mock/testing';
import { tx } from '../../../server/db';
import { stampDate } from '../../../server/db/time';
import { leads } from '../../../server/db/schema';
import { inArray } from 'drizzle-orm';

beforeEach(() => {
  resetDb();
});

describe('add-customer', () => {
  it('fast-check shows the owner of a known mobile and refuses it, keeping what was typed', async () => {
    const session = await loginAs('sales');
    const onDone = vi.fn();
    renderApp(<AddCustomer canAssign={false} onDone={onDone} />, { route: '/customer', session });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add customer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
    fireEvent.change(within(dialog).getByLabelText('Mobile'), { target: { value: '13912340001' } });
    expect(await within(dialog).findByText('13912340001 is already the lead 张雨桐.')).toBeInTheDocument();
    expect(within(dialog).getByText('Owned by 陈嘉怡.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '林可馨' } });
    await user.click(within(dialog).getByRole('button', { name: /OK/ }));
    expect(await within(dialog).findByText('This mobile is already a lead; it was not added again.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('林可馨');
    expect(onDone).not.toHaveBeenCalled();
    expect((await allLeads()).some((l) => l.name === '林可馨')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Mobile'), { target: { value: '13766668888' } });
    expect(await within(dialog).findByText('13766668888 is not a lead yet: it can be added.')).toBeInTheDocument();
  }, 90_000);
});

describe('/lead', () => {
  it('shows the quota and refuses a claim over the limit with the server message', async () => {
    // Bring the sales account to the limit.
    const pool = (await allLeads()).filter((l) => l.ownerId === undefined && l.status === 'new');
    await (await tx())
      .update(leads)
      .set({ ownerId: 5, ownerName: '李浩然', assignedAt: stampDate(`${new Date().toISOString().slice(0, 10)} 08:00:00`), poolReason: null, pooledAt: null })
      .where(inArray(leads.id, pool.slice(0, 10).map((l) => l.id)));
    const session = await loginAs('sales');
    renderApp(<LeadPoolPage />, { route: '/lead', session });
    expect(await screen.findByText('You own 200 of at most 200 active leads.', {}, { timeout: 10000 })).toBeInTheDocument();
    const claim = await screen.findAllByText('Claim', { exact: true });
    await userEvent.setup().click(claim[0]);
    expect(await screen.findByText(/the limit is 200 per person, so at most 0 more can be taken/)).toBeInTheDocument();
    await waitFor(async () => expect((await allLeads()).filter((l) => l.ownerId === 5 && ['new', 'following', 'trial'].includes(l.status))).toHaveLength(200));
  }, 90_000);
});
