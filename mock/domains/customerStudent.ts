/** The customer center's one link to the school domain: converting a lead creates its student (docs/rules.md#leads). */
import type { Db } from '../db';
import type { Lead } from '../../src/types/customer';
import type { Lang } from '../messages';
import { insertStudent } from './school';

/** Creates the student of a converted lead (same campus, name, mobile, parent) and returns its id. */
export function createStudentForLead(db: Db, lead: Lead, at: string, lang: Lang = 'en'): number {
  const student = insertStudent(db, {
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
  return student.id;
}
