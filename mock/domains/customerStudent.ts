/** The customer center's one link to the school domain: converting a lead creates its student (docs/rules.md#leads). */
import type { Db } from '../db';
import type { Lead } from '../../src/types/customer';
import type { Lang } from '../messages';
import { insertStudent, seedStudent, type InsertStudentInput } from './school';

const inputOf = (lead: Lead, at: string, lang: Lang): InsertStudentInput => ({
  companyId: lead.companyId,
  campusId: lead.campusId,
  name: lead.name,
  mobile: lead.mobile,
  parentName: lead.parentName,
  gender: lead.gender,
  leadId: lead.id,
  createdAt: at,
  lang,
});

/** Creates the student of a converted lead (same campus, name, mobile, parent) and returns its id. */
export async function createStudentForLead(db: Db, lead: Lead, at: string, lang: Lang = 'en'): Promise<number> {
  return (await insertStudent(db, inputOf(lead, at, lang))).id;
}

/** The same in the in-process seed (a seed lead converted: its student is one of the seed's). */
export function seedStudentForLead(db: Db, lead: Lead, at: string): number {
  return seedStudent(db, inputOf(lead, at, 'zh')).id;
}
