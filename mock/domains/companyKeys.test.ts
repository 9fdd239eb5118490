// @vitest-environment node
/**
 * Every table of company data references its company (issue 32: `company_id … references companies(id) on delete
 * cascade`, server/db/schema/companies.ts `ofCompany`), so deleting a company (DELETE /v2/company_kt/:id) takes every
 * row of its data with it; the platform's own records keep theirs (the audit log, the renewal log, subscription
 * orders, online orders with their settlements and invoices, feedback).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { tx } from '../../server/db';
import { companies, invitations, students, users } from '../../server/db/schema';
import { call, loginToken, mapleTeacherInvitation, rowsOf } from '../testing';
import { resetDb } from '../handlers';
import { today } from '../clock';
import { addMonths } from '@/domain/revenue';

/** The tables with a company id and no key: the platform's records, which outlive a deleted company. */
const KEPT = ['audit_log', 'company_renewals', 'feedback', 'invoices', 'online_orders', 'settlements', 'subscription_orders'];

async function rowsFor<T>(query: SQL): Promise<T[]> {
  return ((await (await tx()).execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of the database with a `company_id` column. */
const withCompanyColumn = async () =>
  (await rowsFor<{ name: string }>(sql`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'company_id'`)).map((r) => r.name).sort();

/** The tables whose `company_id` references the companies, with the key's action on delete ('c': cascade). */
const keyed = async () =>
  (
    await rowsFor<{ name: string; action: string }>(sql`
      select c.conrelid::regclass::text as name, c.confdeltype::text as action
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'companies'::regclass and cardinality(c.conkey) = 1 and a.attname = 'company_id'`)
  ).sort((a, b) => a.name.localeCompare(b.name));

/** How many rows of each table name the company. */
async function countsOf(tables: string[], companyId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [{ n }] = await rowsFor<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)} where company_id = ${companyId}`);
    counts[t] = n;
  }
  return counts;
}

beforeEach(() => {
  resetDb();
});

describe('company keys', () => {
  it('every table with a company id references the companies, cascading, but the platform’s records', async () => {
    const keys = await keyed();
    expect(keys.filter((k) => k.action !== 'c')).toEqual([]);
    const names = keys.map((k) => k.name);
    expect(names).toEqual((await withCompanyColumn()).filter((t) => !KEPT.includes(t)));
    expect(names.length).toBeGreaterThanOrEqual(30);
    // A row cannot name a company that does not exist.
    const refused = await (await tx())
      .execute(sql`insert into message_templates (company_id, name, name_sort, scene, text, updated_at, updated_by) values (999999, 'x', 'x', 'custom', 'x', now(), 'x')`)
      .then(() => 'stored', () => 'refused');
    expect(refused).toBe('refused');
  });

  it('deleting a company takes every row of its data with it; the platform’s records keep theirs', async () => {
    const admin = await loginToken('admin');
    const id = 2; // Starlight Dance: the demo's data in most tables
    // Rows the seed leaves out: a month closed, reopened and closed again, an invitation.
    const dealer = await loginToken('dealer');
    const month = addMonths(today().slice(0, 7), -2);
    const close = (path: string, body: object) => call('POST', `/v2/finance/month_close${path}`, { token: dealer, body });
    expect((await close('', { month })).status).toBe(200);
    expect((await close('/reopen', { month, reason: 'Rent entered twice' })).status).toBe(200);
    expect((await close('', { month })).status).toBe(200);
    await (await tx()).insert(invitations).values(mapleTeacherInvitation());
    const tables = (await keyed()).map((k) => k.name);
    const before = await countsOf(tables, id);
    const kept = await countsOf(KEPT, id);
    expect(tables.filter((t) => before[t] > 0).length).toBeGreaterThanOrEqual(29);
    expect(kept.audit_log).toBeGreaterThan(0);
    expect(kept.company_renewals).toBeGreaterThan(0);
    const createdBy = (await rowsOf(users)).filter((u) => u.createdByCompanyId === id).map((u) => u.id);
    // The delete is refused while the company has students: they go first (their enrolments with them).
    await (await tx()).delete(students).where(eq(students.companyId, id));
    const del = await call('DELETE', `/v2/company_kt/${id}`, { token: admin });
    expect(del.status, del.body.msg).toBe(200);
    expect((await rowsOf(companies)).some((c) => c.id === id)).toBe(false);
    const after = await countsOf(tables, id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await countsOf(KEPT, id)).toEqual(kept);
    // The people it created stay, no longer naming it.
    const people = (await rowsOf(users)).filter((u) => createdBy.includes(u.id));
    expect(people.map((u) => u.createdByCompanyId)).toEqual(createdBy.map(() => null));
  });
});
