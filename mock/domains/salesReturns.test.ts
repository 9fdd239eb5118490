/**
 * Issue 30 (sales and returns, renewal state) against the mock backend: an expired sale is refused, a return's
 * refund shown before confirming is the one approved, an undo carries the value of what it reverses, and "running
 * low" is one state in the student list, the renewal reminder (dashboard) and the notice segment.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '../db';
import { loadSettings } from './companySettings';
import '../handlers';
import { today } from '../clock';
import { call, lessonsIn, loginToken, allCardTemplates, allStaff, allStudents, studentsIn } from '../testing';
import { returnRefund } from '../../src/domain/revenue';
import { returnableHours } from '../../src/domain/ledger';
import { renewalStates } from '../../src/domain/receivers';

beforeEach(() => {
  resetDb();
});

const onSaleCount = async () => (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count' && x.classIds.length === 0)!;
const sellerId = async () => (await allStaff()).find((s) => s.companyId === 2 && s.status === 'active' && ['dealer', 'manager', 'sales'].includes(s.role))!.id;

describe('a card cannot be sold already expired', () => {
  it('refuses a start date whose card ends before today, naming the field, and takes no money', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const tpl = await onSaleCount();
    const st = (await studentsIn(2)).find((s) => s.status === 'active')!;
    const orders = db.cardOrders.length;
    const cards = db.studentCards.length;
    const body = { studentId: st.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: await sellerId(), startDate: '2025-01-01' };
    const r = await call('POST', '/v2/student_card/sell', { token, body });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/^Start date: the card would end on 2025-\d\d-\d\d, before today/);
    const zh = await call('POST', '/v2/student_card/sell', { token, body, lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/^生效日期：该卡将于/);
    expect(db.cardOrders.length).toBe(orders);
    expect(db.studentCards.length).toBe(cards);
    // Today is fine.
    expect((await call('POST', '/v2/student_card/sell', { token, body: { ...body, startDate: today() } })).status).toBe(200);
  });
});

describe('a return', () => {
  it('cannot ask for more than the card holds, and refunds what the quote says', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours >= 2 && !db.hourRecords.some((r) => r.cardId === c.id && r.type === 'backing'))!;
    const quote = await call('GET', `/v2/student_card/return_quote?cardId=${card.id}`, { token });
    expect(quote.status).toBe(200);
    expect(quote.body.data.maxHours).toBe(returnableHours(card));
    const tooMany = await call('POST', '/v2/student_card/return', { token, body: { cardId: card.id, hours: card.remainingHours + 1 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/Not enough hours/);
    const shown = returnRefund(quote.body.data.pool, 1.5);
    expect(shown).toBeGreaterThan(0);
    const asked = await call('POST', '/v2/student_card/return', { token, body: { cardId: card.id, hours: 1.5 } });
    expect(asked.status).toBe(200);
    expect(asked.body.data.record.amount).toBe(-shown);
    const approved = await call('POST', '/v2/student_card/review', { token, body: { recordId: asked.body.data.record.id, approve: true } });
    expect(approved.status).toBe(200);
    expect(db.hourRecords.find((r) => r.id === asked.body.data.record.id)!.amount).toBe(-shown);
  });
});

describe('an undo carries the value of what it reverses', () => {
  it('on a used-up card: the undo gives back the lesson value, the re-marked lesson takes it again', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const t = today();
    // A lesson today with a student whose count card will hold exactly the lesson's hours.
    let found: { lessonId: number; studentId: number; cardId: number; hours: number } | undefined;
    for (const lesson of (await lessonsIn(2)).filter((l) => l.companyId === 2 && l.date === t && l.status === 'scheduled' && !l.rollCalledAt)) {
      const view = await call('GET', `/v2/lesson/${lesson.id}/roll_call`, { token });
      const s = (view.body.data.students as { studentId: number; cardId?: number; cardKind?: string; remainingHours?: number }[]).find(
        (x) => x.cardId && x.cardKind === 'count' && (x.remainingHours ?? 0) > lesson.hours,
      );
      if (s) {
        found = { lessonId: lesson.id, studentId: s.studentId, cardId: s.cardId!, hours: lesson.hours };
        break;
      }
    }
    expect(found).toBeDefined();
    const { lessonId, studentId, cardId, hours } = found!;
    const card = db.studentCards.find((c) => c.id === cardId)!;
    const extra = Math.round((card.remainingHours - hours) * 10) / 10;
    expect((await call('POST', '/v2/student_card/consume', { token, body: { cardId, hours: extra, reason: 'test: leave one lesson' } })).status).toBe(200);
    expect(card.remainingHours).toBe(hours);
    const marks = [{ studentId, mark: 'present' }];
    expect((await call('POST', '/v2/lesson/roll_call', { token, body: { lessonId, marks } })).status).toBe(200);
    const taken = db.hourRecords.filter((r) => r.lessonId === lessonId && r.cardId === cardId && r.type === 'reduce').at(-1)!;
    expect(card.remainingHours).toBe(0);
    expect(taken.amount).toBeLessThan(0);
    expect((await call('POST', '/v2/lesson/roll_call/undo', { token, body: { lessonId } })).status).toBe(200);
    const undo = db.hourRecords.filter((r) => r.lessonId === lessonId && r.cardId === cardId && r.type === 'proof').at(-1)!;
    expect(undo.hours).toBe(hours);
    expect(undo.amount).toBe(-taken.amount);
    expect((await call('POST', '/v2/lesson/roll_call', { token, body: { lessonId, marks } })).status).toBe(200);
    const again = db.hourRecords.filter((r) => r.lessonId === lessonId && r.cardId === cardId && r.type === 'reduce').at(-1)!;
    expect(again.id).not.toBe(taken.id);
    expect(again.amount).toBe(taken.amount);
    // A correction that puts an hour back on the used-up card is valued at the card's unit price, not ¥0.
    expect(card.remainingHours).toBe(0);
    const fix = await call('POST', '/v2/student_card/correct', { token, body: { cardId, hours: 1, reason: 'test: missed undo' } });
    expect(fix.status).toBe(200);
    expect(fix.body.data.record.amount).toBe(Math.round(card.unitPrice * 100) / 100);
    expect(fix.body.data.record.amount).toBeGreaterThan(0);
  });
});

describe('renewal state: one function for the list, the reminder and the notice segment', () => {
  /** Every row of a list call, page by page. */
  const all = async <T,>(token: string, path: string): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; ; page += 1) {
      const r = await call('GET', `${path}&pageSize=100&page=${page}`, { token });
      expect(r.status).toBe(200);
      out.push(...(r.body.data.list as T[]));
      if (out.length >= r.body.data.total) return out;
    }
  };
  const lowInList = async (token: string) => new Set((await all<{ id: number }>(token, '/v2/student?cardState=low')).map((s) => s.id));
  const lowInReminder = async (token: string) => new Set((await all<{ studentId: number }>(token, '/v2/student_card/renew_remind?reason=low')).map((c) => c.studentId));
  const lowInSegment = async (token: string) => {
    const r = await call('POST', '/v2/notice/receivers', { token, body: { segment: 'low' } });
    return new Set((r.body.data.list as { studentId: number }[]).map((s) => s.studentId));
  };

  it('the three places agree on the seed, and a renewed student leaves all three', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const [list, remind, segment] = [await lowInList(token), await lowInReminder(token), await lowInSegment(token)];
    expect(list.size).toBeGreaterThan(0);
    expect([...remind].sort()).toEqual([...list].sort());
    // The dashboard widget's figure: the students running low.
    expect((await call('GET', '/v2/student_card/renew_remind?reason=low&pageSize=5', { token })).body.data.students).toBe(list.size);
    expect([...segment].sort()).toEqual([...list].sort());
    // And they are the students `renewalStates` says are low.
    const states = renewalStates(db.studentCards.filter((c) => c.companyId === 2), today(), await loadSettings(2));
    const students = new Set((await studentsIn(2)).map((s) => s.id));
    expect([...list].sort()).toEqual([...states].filter(([id, s]) => s.low && students.has(id)).map(([id]) => id).sort());

    // Renew one running-low student with a new card: gone from the list, the reminder and the segment.
    const id = [...list][0];
    const tpl = await onSaleCount();
    const sold = await call('POST', '/v2/student_card/sell', { token, body: { studentId: id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: await sellerId(), startDate: today() } });
    expect(sold.status).toBe(200);
    const row = await call('GET', `/v2/student?keyword=${encodeURIComponent((await allStudents()).find((s) => s.id === id)!.mobile)}`, { token });
    const me = (row.body.data.list as { id: number; cardState: string; activeHours: number }[]).find((s) => s.id === id)!;
    expect(me.cardState).toBe('active');
    expect(me.activeHours).toBe(states.get(id)!.usableHours + tpl.hours + tpl.giftHours);
    const after = [await lowInList(token), await lowInReminder(token), await lowInSegment(token)];
    for (const set of after) {
      expect(set.has(id)).toBe(false);
      expect(set.size).toBe(list.size - 1);
    }
  });
});
