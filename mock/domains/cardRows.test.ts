/**
 * Cards, card orders and hour records in the database (issue 32): what the process holds is what their tables hold,
 * after the seed and after every kind of write through the API (arrears items among them, which only the table
 * holds), so a server restarting on the database reads back what it had; a refused write leaves the tables as they
 * were; the ledger is append-only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDb, getDb, resetDb, type Db } from '../db';
import '../handlers';
import { today } from '../clock';
import { call, classesIn, lessonsIn, loginToken, allArrears, allCardTemplates, allStaff, studentsIn } from '../testing';
import { tx } from '../../server/db';
import { studentCards } from '../../server/db/schema';
import { cardStatus } from '../../src/domain/ledger';
import { loadCardTables } from './cardRows';
import { sql } from 'drizzle-orm';

beforeEach(() => {
  resetDb();
});

/** The four tables as a restart reads them, and the process's rows, statuses as of today on both sides. */
async function bothSides(): Promise<{ loaded: Db; memory: Db }> {
  const loaded = emptyDb();
  await loadCardTables(await tx(), loaded);
  const t = today();
  const memory = getDb();
  const withStatus = (db: Db) => db.studentCards.map((c) => ({ ...c, status: cardStatus(c, t) }));
  return {
    loaded: { ...loaded, studentCards: withStatus(loaded) },
    memory: { ...memory, studentCards: withStatus(memory) },
  };
}

async function expectSame() {
  const { loaded, memory } = await bothSides();
  expect(loaded.studentCards.length).toBe(memory.studentCards.length);
  expect(loaded.studentCards).toEqual(memory.studentCards);
  expect(loaded.cardOrders).toEqual(memory.cardOrders);
  expect(loaded.hourRecords.length).toBe(memory.hourRecords.length);
  expect(loaded.hourRecords).toEqual(memory.hourRecords);
  // The count kept with the ledger (the ledger list's total) is its count, company by company.
  const counted = await (await tx()).execute(sql`select company_id, count(*)::int as n from hour_records group by company_id order by company_id`);
  const kept = await (await tx()).execute(sql`select company_id, records as n from ledger_counts where records > 0 order by company_id`);
  expect((kept as unknown as { rows: unknown[] }).rows).toEqual((counted as unknown as { rows: unknown[] }).rows);
}

const sellerId = async () => (await allStaff()).find((s) => s.companyId === 2 && s.status === 'active' && ['dealer', 'manager', 'sales'].includes(s.role))!.id;

describe('cards, orders, hour records and arrears in the database', () => {
  it('hold the seed as the process does', async () => {
    expect(getDb().studentCards.length).toBeGreaterThan(100);
    expect((await allArrears()).length).toBe((getDb().seedArrears ?? []).length);
    expect((await allArrears()).length).toBeGreaterThan(0);
    await expectSame();
  });

  it('hold every write of the ledger, the sale, renewal, return review, invalidation, roll call, arrears and undo', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const ok = (r: { status: number; body: { msg?: string } }) => expect(r.status, r.body.msg).toBe(200);
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count' && x.classIds.length === 0)!;
    const students = (await studentsIn(2)).filter((s) => s.status === 'active');
    // A sale, then each operation on the new card.
    const sale = await call('POST', '/v2/student_card/sell', { token, body: { studentId: students[0].id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: await sellerId(), startDate: today() } });
    ok(sale);
    const cardId = sale.body.data.card.id as number;
    ok(await call('POST', '/v2/student_card/renew', { token, body: { cardId, hours: 5, giftHours: 1, amount: 500, method: 'wechat', sellerId: await sellerId() } }));
    ok(await call('POST', '/v2/student_card/gift', { token, body: { cardId, hours: 2, reason: 'loyal' } }));
    ok(await call('POST', '/v2/student_card/consume', { token, body: { cardId, hours: 1.5, reason: 'workshop' } }));
    ok(await call('POST', '/v2/student_card/correct', { token, body: { cardId, hours: 0.5, reason: 'miscounted' } }));
    const asked = await call('POST', '/v2/student_card/return', { token, body: { cardId, hours: 2, reason: 'moving' } });
    ok(asked);
    ok(await call('POST', '/v2/student_card/review', { token, body: { recordId: asked.body.data.record.id, approve: true } }));
    const other = db.studentCards.find((c) => c.companyId === 2 && c.status === 'active' && c.id !== cardId && !db.hourRecords.some((r) => r.cardId === c.id && r.type === 'backing' && !r.reviewedAt))!;
    ok(await call('POST', '/v2/student_card/invalidate', { token, body: { cardId: other.id, reason: 'duplicate' } }));
    // A roll call of today's lesson (hours taken, arrears for whoever has none), then its undo.
    const lesson = (await lessonsIn(2)).find((l) => l.date === today() && l.status === 'scheduled')!;
    const view = await call('GET', `/v2/lesson/${lesson.id}/roll_call`, { token });
    const marks = (view.body.data.students as { studentId: number }[]).map((s) => ({ studentId: s.studentId, mark: 'present' }));
    ok(await call('POST', '/v2/lesson/roll_call', { token, body: { lessonId: lesson.id, marks } }));
    await expectSame();
    ok(await call('POST', '/v2/lesson/roll_call/undo', { token, body: { lessonId: lesson.id } }));
    // An open item written off.
    const open = (await allArrears()).find((a) => a.companyId === 2 && a.status === 'open')!;
    ok(await call('POST', '/v2/arrears/write_off', { token, body: { id: open.id, reason: 'goodwill' } }));
    await expectSame();
  });

  it('are untouched by a refused write', async () => {
    const token = await loginToken('dealer');
    const card = getDb().studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active')!;
    const totals = async () => (await tx()).select({ n: sql<number>`count(*)::int`, h: sql<string>`sum(${studentCards.remainingHours})::text` }).from(studentCards);
    const before = await totals();
    const r = await call('POST', '/v2/student_card/consume', { token, body: { cardId: card.id, hours: card.remainingHours + 100, reason: 'too much' } });
    expect(r.status).toBe(400);
    expect(await totals()).toEqual(before);
    await expectSame();
  });

  it('count what the screens count from them: return requests to review (one per card at a time), a student\'s cards, a seller\'s sales', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const pending = () => db.hourRecords.filter((r) => r.companyId === 2 && r.type === 'backing' && !r.reviewedAt).length;
    const summary = async () => (await call('GET', '/v2/inbox/summary', { token })).body.data.returnsToReview as number;
    expect(pending()).toBeGreaterThan(0);
    expect(await summary()).toBe(pending());
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours >= 2 && !db.hourRecords.some((r) => r.cardId === c.id && r.type === 'backing'))!;
    expect((await call('POST', '/v2/student_card/return', { token, body: { cardId: card.id, hours: 1, reason: 'moving' } })).status).toBe(200);
    expect(await summary()).toBe(pending());
    // While it waits, the card takes no second request and is not invalidated.
    const again = await call('POST', '/v2/student_card/return', { token, body: { cardId: card.id, hours: 1, reason: 'again' } });
    expect([again.status, again.body.msg]).toEqual([400, 'This card has a return request waiting for review: review it first.']);
    const invalid = await call('POST', '/v2/student_card/invalidate', { token, body: { cardId: card.id, reason: 'duplicate' } });
    expect([invalid.status, invalid.body.msg]).toEqual([400, 'This card has a return request waiting for review: review it first.']);
    // A student with cards is not deleted (the count named), nor a staff member who sold cards.
    const del = await call('DELETE', `/v2/student/${card.studentId}`, { token });
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain(String(db.studentCards.filter((c) => c.studentId === card.studentId).length));
    const teachers = new Set((await classesIn(2)).map((c) => c.teacherId));
    const seller = (await allStaff()).find((x) => x.companyId === 2 && !x.userId && !teachers.has(x.id) && db.studentCards.some((c) => c.sellerId === x.id));
    expect(seller).toBeTruthy();
    if (seller) {
      const refused = await call('DELETE', `/v2/company_staff/${seller.id}`, { token });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(String(db.studentCards.filter((c) => c.sellerId === seller.id).length));
    }
  });

  it('keep the hour ledger append-only: a record is neither changed (but by a review) nor deleted', async () => {
    const t = await tx();
    // The database's refusal (drizzle wraps it: the cause carries the trigger's message).
    const refusal = (q: Promise<unknown>) => q.then(() => 'done', (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message));
    const rec = getDb().hourRecords.find((r) => r.type === 'reduce')!;
    expect(await refusal(t.execute(sql`update hour_records set hours = hours - 1 where id = ${rec.id}`))).toMatch(/append-only/);
    expect(await refusal(t.execute(sql`delete from hour_records where id = ${rec.id}`))).toMatch(/append-only/);
    const pending = getDb().hourRecords.find((r) => r.type === 'backing' && !r.reviewedAt)!;
    expect(await refusal(t.execute(sql`update hour_records set type = 'back', reviewed_at = now(), reviewer_name = 'x' where id = ${pending.id}`))).toBe('done');
    expect(await refusal(t.execute(sql`update hour_records set card_no = 'X' where id = ${pending.id}`))).toMatch(/append-only/);
  });
});
