/**
 * The public campus page /w/:code (issue 29): signing up twice with one mobile says so and adds no second row; a
 * refusal of the server (the address's limit) is shown with its cause.
 */
import React from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PublicWebPagePage from './index';
import { renderApp } from '../../../../tests/utils/render';
import { rowsOf, webPageOf } from '../../../../mock/testing';
import { PUBLIC_MAX_PER_ADDRESS } from '../../../../mock/domains/campusSales';
import { tx } from '../../../../server/db';
import { publicWrites, webSignups } from '../../../../server/db/schema';

const setup = () => userEvent.setup({ delay: null });

async function signUp(user: ReturnType<typeof setup>, name: string, mobile: string) {
  const form = (await screen.findByRole('button', { name: 'Sign up' })).closest('form')!;
  await user.click(within(form).getByLabelText('Your name'));
  await user.paste(name);
  await user.click(within(form).getByLabelText('Mobile'));
  await user.paste(mobile);
  await user.click(within(form).getByRole('button', { name: 'Sign up' }));
}

describe('public campus page: sign-ups', () => {
  it('a second sign-up of the same mobile says it is already signed up, with one pending row', async () => {
    const page = await webPageOf(1);
    const user = setup();
    const first = renderApp(<PublicWebPagePage />, { route: `/w/${page.code}`, path: '/w/:code' });
    await signUp(user, '陈妈妈', '13944440001');
    expect(await screen.findByText('Thank you! The school will call you soon.')).toBeInTheDocument();
    first.unmount();
    renderApp(<PublicWebPagePage />, { route: `/w/${page.code}`, path: '/w/:code' });
    await signUp(user, '陈爸爸', '13944440001');
    expect(await screen.findByText('This mobile has already signed up on this page: the school will call you soon.')).toBeInTheDocument();
    const rows = (await rowsOf(webSignups)).filter((s) => s.mobile === '13944440001');
    expect(rows.map((r) => [r.campusId, r.status, r.name])).toEqual([[1, 'pending', '陈爸爸']]);
  });

  it('past the limit of an address, the page shows why and keeps the form', async () => {
    const page = await webPageOf(1);
    const user = setup();
    // The address's sign-ups of the last hour (as the server counts them, mock/domains/campusSales.ts).
    await (await tx()).insert(publicWrites).values(Array.from({ length: PUBLIC_MAX_PER_ADDRESS }, () => ({ key: 'ip:127.0.0.1', at: new Date() })));
    renderApp(<PublicWebPagePage />, { route: `/w/${page.code}`, path: '/w/:code' });
    await signUp(user, '陈妈妈', '13944440002');
    expect(await screen.findByText('Too many sign-ups or orders from your network: try again in 60 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect((await rowsOf(webSignups)).some((s) => s.mobile === '13944440002')).toBe(false);
  });
});
