/**
 * Card templates in the database (server/db/schema/cards.ts). A company has a handful: a request reads them once,
 * with the company (`loadCompany` in ./companyRows.ts, run by the session), into the request's memo, where the
 * synchronous rules still kept in the process find them (a sale, an import, the arrears' class-hour price, the
 * online pages): `templatesOf`. A template's issued count is read from its cards (still in the process) when the
 * request first uses its templates, never stored; a sale adds one to the request's row. The list reads the table
 * (`sqlList`); writes go to the table and to the memo's row. During the in-process seed the seed's rows
 * (`Db.seedCardTemplates`) stand for them.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { requestMemo, restartIdentities, tx, type Database } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { cardTemplates } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { isSeeding, type Db } from '../db';
import { indexOf } from '../indexes';
import type { CardTemplate } from '../../src/types/school';

type TemplateSql = typeof cardTemplates.$inferSelect;

/** A template as `json_agg` gives it (the table's column names). */
export interface TemplateJson {
  id: number;
  company_id: number;
  name: string;
  name_sort: string;
  kind: 'count' | 'period';
  hours: number | string;
  gift_hours: number | string;
  price: number | string;
  valid_days: number;
  class_ids: number[];
  on_sale: boolean;
}

interface Loaded {
  rows: TemplateSql[];
  /** The views, built at the first use in the request. */
  views?: CardTemplate[];
}

const key = (companyId: number) => `templates:${companyId}`;

function rowOfJson(r: TemplateJson): TemplateSql {
  return {
    id: r.id,
    companyId: r.company_id,
    name: r.name,
    nameSort: r.name_sort,
    kind: r.kind,
    hours: Number(r.hours),
    giftHours: Number(r.gift_hours),
    price: Number(r.price),
    validDays: r.valid_days,
    classIds: r.class_ids,
    onSale: r.on_sale,
  };
}

/** Keeps a company's templates as `json_agg` read them (./companyRows.ts) in the request's memo (rows it holds stay). */
export function rememberTemplates(companyId: number, list: TemplateJson[]): void {
  if (requestMemo()?.has(key(companyId))) return;
  requestMemo()?.set(key(companyId), { rows: list.map(rowOfJson) } satisfies Loaded);
}

/** How many cards each template of a company issued (the cards' template ids). */
export function issuedCounts(db: Db, companyId: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of indexOf(db, 'studentCards', companyId)) counts.set(c.templateId, (counts.get(c.templateId) ?? 0) + 1);
  return counts;
}

/** A template as the calls answer it, with its issued count. */
export function templateOf(r: TemplateSql, issued: number): CardTemplate {
  return { id: r.id, companyId: r.companyId, name: r.name, kind: r.kind, hours: r.hours, giftHours: r.giftHours, price: r.price, validDays: r.validDays, classIds: [...r.classIds], onSale: r.onSale, issuedCount: issued };
}

/** A company's templates for synchronous code: those the request loaded, or the seed's while the in-process seed runs. */
export function templatesOf(db: Db, companyId: number): CardTemplate[] {
  if (isSeeding()) return indexOf(db, 'seedCardTemplates', companyId);
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  if (!l) throw new Error(`The card templates of company ${companyId} were not loaded in this request (loadCompany).`);
  if (!l.views) {
    const counts = issuedCounts(db, companyId);
    l.views = l.rows.map((r) => templateOf(r, counts.get(r.id) ?? 0));
  }
  return l.views;
}

export type TemplateFields = Pick<CardTemplate, 'name' | 'kind' | 'hours' | 'giftHours' | 'price' | 'validDays' | 'classIds' | 'onSale'>;

const templateValues = (f: TemplateFields) => ({
  name: f.name,
  nameSort: sortKey(f.name),
  kind: f.kind,
  hours: f.hours,
  giftHours: f.giftHours,
  price: f.price,
  validDays: f.validDays,
  classIds: f.classIds,
  onSale: f.onSale,
});

/** A template by id within `scope`, locked for a write: the memo's row brought up to date. */
export async function findTemplate(db: Db, id: number, scope: SQL | undefined, lock: boolean): Promise<CardTemplate | undefined> {
  const q = (await tx()).select().from(cardTemplates).where(and(eq(cardTemplates.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) return undefined;
  const held = templatesOf(db, r.companyId).find((x) => x.id === id);
  const fresh = templateOf(r, held?.issuedCount ?? issuedCounts(db, r.companyId).get(r.id) ?? 0);
  return held ? Object.assign(held, fresh) : fresh;
}

/** Adds a template (and to the memo). */
export async function insertTemplate(db: Db, companyId: number, f: TemplateFields): Promise<CardTemplate> {
  const [r] = await (await tx()).insert(cardTemplates).values({ companyId, ...templateValues(f) }).returning();
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  l?.rows.push(r);
  const row = templateOf(r, 0);
  l?.views?.push(row);
  return row;
}

/** Writes a template's fields (the row given is changed too). */
export async function updateTemplate(row: CardTemplate, f: TemplateFields): Promise<CardTemplate> {
  const [r] = await (await tx()).update(cardTemplates).set(templateValues(f)).where(eq(cardTemplates.id, row.id)).returning();
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (l) l.rows = l.rows.map((x) => (x.id === r.id ? r : x));
  return Object.assign(row, templateOf(r, row.issuedCount));
}

/** Deletes a template. */
export async function deleteTemplate(row: CardTemplate): Promise<void> {
  await (await tx()).delete(cardTemplates).where(eq(cardTemplates.id, row.id));
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (!l) return;
  l.rows = l.rows.filter((x) => x.id !== row.id);
  l.views = l.views?.filter((x) => x.id !== row.id);
}

/** The demo seed's templates with their ids. */
export async function seedCardTemplateRows(sqlDb: Database, db: Db): Promise<void> {
  if (db.seedCardTemplates.length) await insertMany(sqlDb, cardTemplates, db.seedCardTemplates.map((t) => ({ id: t.id, companyId: t.companyId, ...templateValues(t) })));
  await restartIdentities(sqlDb, ['card_templates']);
}
