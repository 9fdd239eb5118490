/**
 * A company's rules (CompanySettings, /setting) in the database (server/db/schema/accounts.ts `company_settings`).
 * A company without a row follows the defaults (a GET writes nothing). The rules are read by synchronous code deep
 * in a request (the ledger, the roll call, the lead pool): `loadSettings` reads them once per request into the
 * request's memo (the session does it for the caller's company, mock/http.ts) and `settingsOf` answers from there.
 * No module keeps them between requests.
 */
import { eq } from 'drizzle-orm';
import { requestMemo, tx } from '../../server/db';
import { companySettings } from '../../server/db/schema';
import { DEFAULT_COMPANY_SETTINGS, type CompanySettings } from '../../src/types/settings';
import { isSeeding, type Db } from '../db';

type Rules = Omit<CompanySettings, 'companyId'>;
const key = (companyId: number) => `settings:${companyId}`;

function rulesOf(r: typeof companySettings.$inferSelect | undefined): Rules {
  if (!r) return { ...DEFAULT_COMPANY_SETTINGS };
  const { companyId: _id, ...rules } = r;
  return rules;
}

/** Reads a company's rules (kept in the request's memo for `settingsOf`). */
export async function loadSettings(companyId: number): Promise<CompanySettings> {
  const [r] = await (await tx()).select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return rememberSettings(companyId, r);
}

/** Keeps a company's rules as read (none: the defaults) in the request's memo. */
export function rememberSettings(companyId: number, r: typeof companySettings.$inferSelect | null | undefined): CompanySettings {
  const row: CompanySettings = { companyId, ...rulesOf(r ?? undefined) };
  requestMemo()?.set(key(companyId), row);
  return row;
}

/**
 * The rules of a company for synchronous code: those the request loaded (`loadSettings`), or the defaults while the
 * in-process seed runs (the demo companies keep the defaults). A company the request did not load is a programming error, never a silent default.
 */
export function settingsOf(_db: Db, companyId: number): CompanySettings {
  if (isSeeding()) return { companyId, ...DEFAULT_COMPANY_SETTINGS };
  const row = requestMemo()?.get(key(companyId)) as CompanySettings | undefined;
  if (!row) throw new Error(`The settings of company ${companyId} were not loaded in this request (loadSettings).`);
  return row;
}

/** Saves a company's rules (the whole set, or some over the saved ones) and returns them. */
export async function saveSettings(companyId: number, rules: Partial<Rules>): Promise<CompanySettings> {
  const t = await tx();
  const row: CompanySettings = { ...(await loadSettings(companyId)), ...rules, companyId };
  const { companyId: _id, ...values } = row;
  await t.insert(companySettings).values(row).onConflictDoUpdate({ target: companySettings.companyId, set: values });
  requestMemo()?.set(key(companyId), row);
  return row;
}
