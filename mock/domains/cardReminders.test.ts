/**
 * Renewal reminders (server/db/schema/cards.ts `card_reminders`): a reminder sent shows as the card's last reminder
 * in the renewal list, another company's reminders do not, and a refused send (a card outside the caller's scope)
 * keeps none.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../db';
import '../handlers';
import { call, loginToken, rowsOf } from '../testing';
import { cardReminders } from '../../server/db/schema';

beforeEach(() => {
  resetDb();
});

describe('renewal reminders', () => {
  it('a reminder sent is the card’s last reminder in the list; a refused send keeps none', async () => {
    const token = await loginToken('dealer');
    const list = await call('GET', '/v2/student_card/renew_remind?pageSize=5', { token });
    expect(list.status, list.body.msg).toBe(200);
    const rows = list.body.data.list as { id: number; remindedAt?: string }[];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.remindedAt === undefined)).toBe(true);
    const [first, second] = rows;
    const sent = await call('POST', '/v2/student_card/remind', { token, body: { cardIds: [first.id] } });
    expect(sent.body.data).toEqual({ sent: 1 });
    const again = await call('GET', '/v2/student_card/renew_remind?pageSize=5', { token });
    const after = again.body.data.list as { id: number; remindedAt?: string }[];
    expect(after.find((r) => r.id === first.id)?.remindedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after.find((r) => r.id === second.id)?.remindedAt).toBeUndefined();
    expect((await rowsOf(cardReminders)).map((r) => ({ cardId: r.cardId, companyId: r.companyId, operatorName: r.operatorName }))).toEqual([{ cardId: first.id, companyId: 2, operatorName: expect.any(String) }]);
    // A card of another company: refused, nothing written.
    const other = await call('POST', '/v2/student_card/remind', { token: await loginToken('sunrise'), body: { cardIds: [first.id] } });
    expect(other.status).not.toBe(200);
    expect(await rowsOf(cardReminders)).toHaveLength(1);
  });
});
