/**
 * The platform's tables (server/db/schema/platform.ts) as the API answers them, and what several domains read or
 * write there: the platform's calls (./platform.ts), a company's subscription calls (./subscription.ts), a campus's
 * renewal (./campus.ts), the service contact (./session.ts), the online sales' fee (./campusSales.ts).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { tx, type Database } from '../../server/db';
import { companyRenewals, packages, platformSettings, serviceContact, subscriptionOrders } from '../../server/db/schema';
import { contains } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import type { SubscriptionOrder, SubscriptionPackage } from '../../src/types/subscription';
import type { CompanyRenewal, PlatformSettings } from '../../src/types/platform';
import type { ServiceContactRow } from '../db';

/** A package as stored: the platform's admin fields (campuses) with the ones companies read. */
export type PackageRow = SubscriptionPackage & { campuses: number };
export type PlatformSettingsRow = PlatformSettings & { id: number };

/** Ids beyond the column's range name no row (never a SQL error). */
const inRange = (id: number) => Number.isInteger(id) && id > 0 && id <= 2147483647;

/** The fields that have a value (a null column is a field the API leaves out). */
function given<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: NonNullable<T[K]> };
}

/* ---------------- packages ---------------- */

export function packageOf({ nameSort: _sort, nameZh, descriptionZh, ...r }: typeof packages.$inferSelect): PackageRow {
  return { ...r, ...given({ nameZh, descriptionZh }) };
}

export function packageValues(p: Omit<PackageRow, 'id'> & { id?: number }): typeof packages.$inferInsert {
  return { ...p, nameSort: sortKey(p.name), nameZh: p.nameZh ?? null, descriptionZh: p.descriptionZh ?? null };
}

/** A package by id within `scope` (any package when none), locked for a write when `lock`. */
export async function findPackage(id: number, scope?: SQL, lock = false): Promise<PackageRow | undefined> {
  if (!inRange(id)) return undefined;
  const q = (await tx()).select().from(packages).where(and(eq(packages.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && packageOf(r);
}

/* ---------------- subscription orders ---------------- */

/** An order's number: SO and 100000 + its id. */
export const orderNoOf = (id: number) => `SO${String(100000 + id)}`;

export function orderOf({ companyNameSort: _sort, createdAt, paidAt, ...r }: typeof subscriptionOrders.$inferSelect): SubscriptionOrder {
  return { ...r, createdAt: stampOf(createdAt), ...given({ paidAt: paidAt ? stampOf(paidAt) : null }) };
}

export function orderValues(o: SubscriptionOrder): typeof subscriptionOrders.$inferInsert {
  return { ...o, companyNameSort: sortKey(o.companyName), createdAt: stampDate(o.createdAt), paidAt: o.paidAt ? stampDate(o.paidAt) : null };
}

/** Writes a new order in the request's transaction: the id is drawn first, then the row written with its number. */
export async function insertOrder(o: Omit<SubscriptionOrder, 'id' | 'orderNo'>): Promise<SubscriptionOrder> {
  const t = await tx();
  const [{ id }] = await t.select({ id: sql<number>`nextval(pg_get_serial_sequence('subscription_orders', 'id'))::int` }).from(sql`(values (1)) as one (x)`);
  const [r] = await t.insert(subscriptionOrders).values(orderValues({ ...o, id, orderNo: orderNoOf(id) })).returning();
  return orderOf(r);
}

/** A company's order by id (none outside the company), locked for a write when `lock`. */
export async function findOrder(id: number, scope: SQL | undefined, lock: boolean): Promise<SubscriptionOrder | undefined> {
  if (!inRange(id)) return undefined;
  const q = (await tx()).select().from(subscriptionOrders).where(and(eq(subscriptionOrders.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && orderOf(r);
}

/** An order's package name in the caller's language: the stored name starts with the package's name at the time. */
export function localOrder<O extends SubscriptionOrder>(o: O, p: Pick<SubscriptionPackage, 'name' | 'nameZh'> | undefined, lang: string): O {
  if (lang !== 'zh') return o;
  if (!p?.nameZh || !o.packageName.startsWith(p.name)) return o;
  return { ...o, packageName: p.nameZh + o.packageName.slice(p.name.length) };
}

/** `localOrder` of a page of orders (their packages read once). */
export async function localOrders(rows: (typeof subscriptionOrders.$inferSelect)[], lang: string): Promise<SubscriptionOrder[]> {
  const ids = [...new Set(rows.map((o) => o.packageId))];
  const found = lang === 'zh' && ids.length ? await (await tx()).select({ id: packages.id, name: packages.name, nameZh: packages.nameZh }).from(packages).where(inArray(packages.id, ids)) : [];
  const byId = new Map(found.map((p) => [p.id, { name: p.name, nameZh: p.nameZh ?? undefined }]));
  return rows.map((o) => localOrder(orderOf(o), byId.get(o.packageId), lang));
}

/**
 * The package name a list's keyword searches: the one the caller reads (`localOrder` in SQL: the package's Chinese
 * name in place of its name at the start of the stored one).
 */
export function localPackageName(lang: string): SQL {
  const o = subscriptionOrders;
  if (lang !== 'zh') return sql`${o.packageName}`;
  return sql`coalesce((select case when ${packages.nameZh} <> '' and left(${o.packageName}, length(${packages.name})) = ${packages.name} then ${packages.nameZh} || substr(${o.packageName}, length(${packages.name}) + 1) end from ${packages} where ${packages.id} = ${o.packageId}), ${o.packageName})`;
}

/** A keyword filter over columns and expressions (case-insensitive substring, as `listQuery`). */
export function keywordOver(exprs: SQL[]): (value: string) => SQL | undefined {
  return (value) => {
    const kw = value.trim();
    if (!kw) return undefined;
    return sql`(${sql.join(
      exprs.map((e) => sql`${e} ilike ${contains(kw)}`),
      sql` or `,
    )})`;
  };
}

/* ---------------- the renewal log ---------------- */

export function renewalOf({ remark, at, ...r }: typeof companyRenewals.$inferSelect): CompanyRenewal {
  return { ...r, at: stampOf(at), ...given({ remark }) };
}

export function renewalValues(r: Omit<CompanyRenewal, 'id'> & { id?: number }): typeof companyRenewals.$inferInsert {
  return { ...r, at: stampDate(r.at), remark: r.remark ?? null };
}

/* ---------------- the single rows: platform settings and service contact ---------------- */

const CONTACT = { name: serviceContact.name, phone: serviceContact.phone, wechat: serviceContact.wechat };

/** The platform's settings by id (there is one, id 1), locked for a write when `lock`. */
export async function findPlatformSettings(id: number, lock = false, t?: Database): Promise<PlatformSettingsRow | undefined> {
  const q = (t ?? (await tx())).select().from(platformSettings).where(eq(platformSettings.id, id));
  return (lock ? await q.for('update') : await q)[0];
}

/** The service contact by id (there is one, id 1), locked for a write when `lock`. */
export async function findServiceContact(id: number, lock = false, t?: Database): Promise<ServiceContactRow | undefined> {
  const q = (t ?? (await tx())).select(CONTACT).from(serviceContact).where(eq(serviceContact.id, id));
  return (lock ? await q.for('update') : await q)[0];
}

/** The platform's settings (the row the seed writes, demo and production). */
export async function platformSettingsOf(t?: Database): Promise<PlatformSettingsRow> {
  const r = await findPlatformSettings(1, false, t);
  if (!r) throw new Error('the platform settings row is missing');
  return r;
}

/** The platform fee in percent (docs/rules.md#campuses-and-online-sales), for the settlement of online money. */
export async function platformFeePercent(t?: Database): Promise<number> {
  return (await platformSettingsOf(t)).feePercent;
}

/** The customer-service contact (GET /v2/company_role/service). */
export async function serviceContactOf(t?: Database): Promise<ServiceContactRow> {
  return (await findServiceContact(1, false, t)) ?? { name: '', phone: '', wechat: '' };
}

/** Writes both single rows (a seed: demo or production; a database's migration may have written defaults already). */
export async function writeSingleRows(t: Database, settings: PlatformSettings, contact: ServiceContactRow): Promise<void> {
  await t.insert(platformSettings).values({ id: 1, ...settings }).onConflictDoUpdate({ target: platformSettings.id, set: settings });
  await t.insert(serviceContact).values({ id: 1, ...contact }).onConflictDoUpdate({ target: serviceContact.id, set: contact });
}
