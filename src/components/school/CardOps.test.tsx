import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CardActions, CardOpModal } from './CardOps';
import { loginAs, renderApp } from '../../../tests/utils/render';
import { resetDb } from '../../../mock/handlers';
import { getDb } from '../../../mock/db';
import { allArrears } from '../../../mock/testing';
import { balanceOf } from '@/domain/ledger';
import { returnRefund } from '@/domain/revenue';
import { formatMoney } from '@/utils/format';
import { poolOfCard } from '../../../mock/domains/ledger';

const slow = { timeout: 10000 };
const formatHoursText = (n: number) => n.toFixed(1);
/** A dialog by its title (in jsdom antd labels dialogs with a fixed test id, so the accessible name is not usable). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const d = screen.getAllByRole('dialog').find((x) => x.textContent?.startsWith(title));
    if (!d) throw new Error(`no dialog ${title}`);
    return d;
  }, slow);
const activeCard = () => getDb().studentCards.find((c) => c.companyId === 2 && c.status === 'active' && c.kind === 'count' && c.remainingHours >= 5)!;

describe('card operation forms', () => {
  beforeEach(() => {
    resetDb();
  });

  it('custom consumption: hours cleaned to 1 decimal, reason required, preview, confirmation, then the ledger moves', { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    const card = { ...activeCard() };
    renderApp(<CardOpModal card={card} op="consume" trigger={<button type="button">open</button>} />, { route: '/', session });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    submit();
    expect(await within(dialog).findByText('Please enter the hours.', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Hours'), { target: { value: 'a1.55' } });
    expect(within(dialog).getByLabelText('Hours')).toHaveValue('1.5');
    const after = Math.round((card.remainingHours - 1.5) * 10) / 10;
    expect(within(dialog).getByTestId('balance-preview')).toHaveTextContent(`${card.remainingHours.toFixed(1)} → ${after.toFixed(1)}`);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  ' } });
    submit();
    expect(await within(dialog).findByText('Please give a reason.', {}, slow)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Extra rehearsal' } });
    submit();
    const confirm = await dialogTitled('Please confirm');
    expect(confirm).toHaveTextContent('1.5 hours will leave card');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(getDb().studentCards.find((c) => c.id === card.id)!.remainingHours).toBe(after), slow);
    const records = getDb().hourRecords.filter((r) => r.cardId === card.id);
    expect(records[records.length - 1]).toMatchObject({ type: 'diy', hours: -1.5, reason: 'Extra rehearsal', operatorName: '陈嘉怡' });
    expect(balanceOf(records)).toBe(after);
  });

  it('a renewal settles the student\'s open arrears first and says which (docs/rules.md#arrears)', { timeout: 60000 }, async () => {
    const db = getDb();
    const today = new Date().toISOString().slice(0, 10);
    // A card that ran out: its student owes lessons of a class it covers.
    const item = (await allArrears()).find((a) => {
      const c = db.studentCards.find((x) => x.id === a.cardId);
      return a.companyId === 2 && a.status === 'open' && a.reason === 'notEnough' && !!c && c.kind === 'count' && c.status !== 'invalid' && c.expiryDate >= today && (c.classIds.length === 0 || c.classIds.includes(a.classId));
    })!;
    expect(item).toBeTruthy();
    const card = { ...db.studentCards.find((c) => c.id === item.cardId)! };
    const session = await loginAs('manager');
    renderApp(<CardOpModal card={card} op="renew" trigger={<button type="button">open</button>} />, { route: '/', session });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await dialogTitled('Renew');
    fireEvent.change(within(dialog).getByLabelText('Hours'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Amount paid (¥)'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const settled = await screen.findByTestId('receipt-arrears', {}, { timeout: 20000 });
    expect(settled).toHaveTextContent('Arrears settled from this card');
    expect(settled).toHaveTextContent(`${item.lessonDate} · ${item.className}`);
    await waitFor(async () => expect((await allArrears()).find((a) => a.id === item.id)?.status).toBe('settled'), slow);
    const settledRecordId = (await allArrears()).find((a) => a.id === item.id)!.settledRecordId;
    const rec = getDb().hourRecords.find((r) => r.id === settledRecordId)!;
    expect(rec).toMatchObject({ cardId: card.id, type: 'reduce', hours: -item.hours });
    expect(settled).toHaveTextContent(`${formatHoursText(getDb().studentCards.find((c) => c.id === card.id)!.remainingHours)} hours left on the card`);
  });

  it('correction refuses 0; a return above the balance is refused in the form, and the refund shown is the one the request takes', { timeout: 60000 }, async () => {
    const session = await loginAs('manager');
    const card = { ...activeCard() };
    renderApp(
      <>
        <CardOpModal card={card} op="correct" trigger={<button type="button">correct</button>} />
        <CardOpModal card={card} op="return" trigger={<button type="button">return</button>} />
      </>,
      { route: '/', session },
    );
    fireEvent.click(screen.getByRole('button', { name: 'correct' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.change(within(dialog).getByLabelText('Correction (+ give back / − take)'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Enter a number of hours other than 0.', {}, slow)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // A filled form asks before closing (issue 31): discard.
    const question = await waitFor(() => {
      const q = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Discard your changes?'));
      if (!q) throw new Error('no question yet');
      return q;
    }, slow);
    fireEvent.click(within(question).getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'return' }));
    const ret = await dialogTitled('Return hours');
    fireEvent.change(within(ret).getByLabelText('Hours to return'), { target: { value: '999' } });
    fireEvent.click(within(ret).getByRole('button', { name: 'OK' }));
    expect(await within(ret).findByText(`A return cannot ask for more than the card holds (${card.remainingHours.toFixed(1)} hours).`, {}, slow)).toBeInTheDocument();
    expect(screen.queryAllByRole('dialog').some((d) => d.textContent?.startsWith('Please confirm'))).toBe(false);
    expect(within(ret).getByLabelText('Hours to return')).toHaveValue('999');
    expect(within(ret).queryByTestId('refund-preview')).toBeNull();
    expect(getDb().studentCards.find((c) => c.id === card.id)!.remainingHours).toBe(card.remainingHours);
    // Two hours: the refund before confirming, by the server's function over the card's pool, is what the request takes.
    fireEvent.change(within(ret).getByLabelText('Hours to return'), { target: { value: '2' } });
    const expected = returnRefund(poolOfCard(getDb(), card.id), 2);
    await waitFor(() => expect(within(ret).getByTestId('refund-preview')).toHaveTextContent(`Returning 2.0 hours refunds ${formatMoney(expected)} once approved.`), slow);
    fireEvent.click(within(ret).getByRole('button', { name: 'OK' }));
    const confirm = await dialogTitled('Please confirm');
    expect(confirm).toHaveTextContent(`Refund ${formatMoney(expected)} after approval.`);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(getDb().hourRecords.filter((r) => r.cardId === card.id).at(-1)).toMatchObject({ type: 'backing', amount: -expected }), slow);
  });

  it('shows a teacher no operations and a sales person no gift, correction or invalidation', { timeout: 60000 }, async () => {
    const card = { ...activeCard() };
    const teacher = await loginAs('teacher');
    const { unmount } = renderApp(<div data-testid="ops"><CardActions card={card} /></div>, { route: '/', session: teacher });
    expect(screen.getByTestId('ops')).toBeEmptyDOMElement();
    unmount();
    const sales = await loginAs('sales');
    renderApp(<CardActions card={card} />, { route: '/', session: sales });
    expect(screen.getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return hours' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gift hours' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct hours' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invalidate' })).toBeNull();
  });
});
