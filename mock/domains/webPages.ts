/**
 * Campus web pages in the database (server/db/schema/webPages.ts): one per campus, created with it (unpublished),
 * by the calls that create campuses and companies; the calls over them are in ./campusSales.ts.
 */
import type { Db, SqlSeeder } from '../db';
import { campusById, loadCampuses } from './campusRows';
import { findCompany } from './companyRows';
import { randomInt } from 'node:crypto';
import { tx } from '../../server/db';
import { webPages } from '../../server/db/schema';
import type { CampusWebPage } from '../../src/types/campus';

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A page's public code: 16 random base32 characters (80 bits), unrelated to the campus (issue 29). */
export function pageCode(): string {
  let out = '';
  for (let i = 0; i < 16; i += 1) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

export function pageOf(db: Db, r: typeof webPages.$inferSelect): CampusWebPage {
  const campus = campusById(db, r.campusId);
  return { companyId: r.companyId, campusId: r.campusId, campusName: campus?.name ?? '', code: r.code, title: r.title, intro: r.intro, photos: r.photos, address: r.address, phone: r.phone, published: r.published, templateIds: r.templateIds };
}

/**
 * The pages of a company's campuses that have none yet (a new company, a campus added): unpublished, with a new
 * public code. Called by the calls that create campuses (a read never writes them).
 */
export async function createWebPages(db: Db, companyId: number): Promise<void> {
  const company = await findCompany(companyId);
  const campuses = await loadCampuses(companyId);
  if (!company || company.platform || !campuses.length) return;
  await (await tx())
    .insert(webPages)
    .values(campuses.map((campus) => ({ companyId, campusId: campus.id, code: pageCode(), title: `${company.name} · ${campus.name}`, intro: '', photos: [], address: campus.address, phone: campus.phone, published: false, templateIds: [] })))
    .onConflictDoNothing({ target: webPages.campusId });
}

/** Every campus's page, published with the cards on sale for the demo companies (those with card templates). */
export const seedWebPages: SqlSeeder = async (sql, db) => {
  const rows = db.seedCampuses.flatMap((campus) => {
    const company = db.seedCompanies.find((c) => c.id === campus.companyId);
    if (!company || company.platform) return [];
    const templates = db.seedCardTemplates.filter((tp) => tp.companyId === campus.companyId && tp.onSale);
    const demo = templates.length > 0;
    return [{
      companyId: campus.companyId,
      campusId: campus.id,
      code: pageCode(),
      title: `${company.name} · ${campus.name}`,
      intro: demo ? `${company.name} ${campus.name}: small classes, experienced teachers, a free trial lesson for every new student. 小班教学，资深老师，新学员免费试听。` : '',
      photos: [],
      address: campus.address,
      phone: campus.phone,
      published: demo,
      templateIds: templates.map((tp) => tp.id),
    }];
  });
  if (rows.length) await sql.insert(webPages).values(rows);
};
