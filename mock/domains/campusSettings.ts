/**
 * Company settings (/setting: every rule of CompanySettings plus the online-sale cap, docs/screens.md#campus-management) and the
 * company's theme colour (/campus/theme-color: applied to every user of the company from their next page load,
 * refused when white text on it fails WCAG AA, the same pure rule as the client: src/utils/contrast.ts).
 * Exported: `saleCapOf` (the prepaid-tuition cap that online sales enforce, in the database: `sale_caps`).
 */
import { eq } from 'drizzle-orm';
import { tx } from '../../server/db';
import { saleCaps } from '../../server/db/schema';
import { loadSettings, saveSettings } from './companySettings';
import { updateCompany } from './companyRows';
import { sweepPool } from './customer';
import { api, definePolicy } from '../http';
import { defineMessages } from '../messages';
import type { CompanySettings } from '../../src/types/settings';
import type { OnlineSaleCap } from '../../src/types/campus';
import { LogoBody, SettingsBody, ThemeColorBody } from '../../src/types/campus.schemas';
import { checkImageDataUrl } from '../../src/domain/upload';
import { whiteTextContrast, whiteTextPassesAA, AA_NORMAL_TEXT } from '../../src/utils/contrast';

export const DEFAULT_SALE_CAP: OnlineSaleCap = { maxHours: 60, maxMonths: 3 };

defineMessages({
  'theme.lowContrast': {
    en: 'White text on {color} has a contrast of {ratio}:1, below the {min}:1 that WCAG AA requires. Choose a darker colour.',
    zh: '白色文字在 {color} 上的对比度为 {ratio}:1，低于 WCAG AA 要求的 {min}:1，请选择更深的颜色。',
  },
  'v.color': { en: '{field} must be a colour #RRGGBB.', zh: '{field}必须是 #RRGGBB 格式的颜色。' },
  'logo.notImage': { en: 'The logo must be a PNG, JPEG, GIF or WebP image.', zh: '标志必须是 PNG、JPEG、GIF 或 WebP 图片。' },
  'logo.tooLarge': { en: 'The logo must be at most 2 MB.', zh: '标志不能超过 2 MB。' },
  'field.color': { en: 'Theme colour', zh: '主题色' },
  'field.truantConsumes': { en: 'Absence consumes hours', zh: '旷课扣课时' },
  'field.leaveConsumes': { en: 'Leave consumes hours', zh: '请假扣课时' },
  'field.allowNegative': { en: 'Allow negative hours', zh: '允许课时为负' },
  'field.leadPoolDays': { en: 'Days before a lead returns to the pool', zh: '客户回公海天数' },
  'field.leadOwnLimit': { en: 'Most leads per person', zh: '每人客户上限' },
  'field.lowHoursThreshold': { en: 'Low hours threshold', zh: '课时不足提醒阈值' },
  'field.expiryReminderDays': { en: 'Expiry reminder days', zh: '到期提醒天数' },
  'field.onlineMaxHours': { en: 'Most hours per online purchase', zh: '线上单次最多课时' },
  'field.onlineMaxMonths': { en: 'Most months per online purchase', zh: '线上单次最多月数' },
});

/** The company's online-sale cap (default 60 hours or 3 months per purchase when it has none). */
export async function saleCapOf(companyId: number): Promise<OnlineSaleCap> {
  const [row] = await (await tx()).select().from(saleCaps).where(eq(saleCaps.companyId, companyId));
  return row ? { maxHours: row.maxHours, maxMonths: row.maxMonths } : { ...DEFAULT_SALE_CAP };
}

/** Sets the company's cap (one row per company). */
export async function setSaleCap(companyId: number, cap: OnlineSaleCap, replace = true): Promise<void> {
  const insert = (await tx()).insert(saleCaps).values({ companyId, maxHours: cap.maxHours, maxMonths: cap.maxMonths });
  await (replace ? insert.onConflictDoUpdate({ target: saleCaps.companyId, set: { maxHours: cap.maxHours, maxMonths: cap.maxMonths } }) : insert.onConflictDoNothing());
}

export type SettingsView = Omit<CompanySettings, 'companyId'> & { onlineMaxHours: number; onlineMaxMonths: number };

async function view(companyId: number): Promise<SettingsView> {
  const rules: Partial<CompanySettings> = { ...(await loadSettings(companyId)) };
  delete rules.companyId;
  const cap = await saleCapOf(companyId);
  return { ...(rules as Omit<CompanySettings, 'companyId'>), onlineMaxHours: cap.maxHours, onlineMaxMonths: cap.maxMonths };
}

export const settingsPolicy = definePolicy<{ id: number }>({
  name: 'company settings',
  read: 'functionSetting',
  write: 'functionSetting',
  rows: (_db, s) => [{ id: s.company.id }],
});

export const themePolicy = definePolicy<{ id: number }>({
  name: 'theme colour',
  read: 'campusManagement',
  write: 'campusManagement',
  rows: (_db, s) => [{ id: s.company.id }],
});

export const settingsHandlers = [
  api('get', '/v2/setting', { read: settingsPolicy }, (ctx) => view(ctx.session.company.id)),

  api('put', '/v2/setting', { write: settingsPolicy, body: SettingsBody }, async (ctx) => {
    const { onlineMaxHours, onlineMaxMonths, ...rules } = ctx.body;
    const companyId = ctx.session.company.id;
    const poolDaysBefore = (await loadSettings(companyId)).leadPoolDays;
    await saveSettings(companyId, rules);
    // Fewer days return the leads now due at once (reads never sweep: ./customer.ts `sweepAllPools`).
    if (rules.leadPoolDays !== poolDaysBefore) await sweepPool(ctx.db, companyId);
    await setSaleCap(companyId, { maxHours: onlineMaxHours, maxMonths: onlineMaxMonths });
    return view(companyId);
  }),

  api('get', '/v2/company_kt/theme_color', { read: themePolicy }, (ctx) => ({ color: ctx.session.company.themeColor ?? null })),

  api('put', '/v2/company_kt/theme_color', { write: themePolicy, body: ThemeColorBody }, async (ctx) => {
    const color = ctx.body.color.toUpperCase();
    if (!whiteTextPassesAA(color)) throw ctx.bad('theme.lowContrast', { color, ratio: whiteTextContrast(color), min: AA_NORMAL_TEXT });
    await updateCompany(ctx.session.company, { themeColor: color });
    return { color };
  }),

  api('delete', '/v2/company_kt/theme_color', { write: themePolicy }, async (ctx) => {
    await updateCompany(ctx.session.company, { themeColor: undefined });
    return { color: null };
  }),

  /* The company's logo (issue 31): drawn on posters instead of the app's. */
  api('get', '/v2/company_kt/logo', { read: themePolicy }, (ctx) => ({ logo: ctx.session.company.logo ?? null })),

  api('put', '/v2/company_kt/logo', { write: themePolicy, body: LogoBody }, async (ctx) => {
    const problem = checkImageDataUrl(ctx.body.logo);
    if (problem) throw ctx.bad(problem === 'type' ? 'logo.notImage' : 'logo.tooLarge');
    await updateCompany(ctx.session.company, { logo: ctx.body.logo });
    return { logo: ctx.body.logo };
  }),

  api('delete', '/v2/company_kt/logo', { write: themePolicy }, async (ctx) => {
    await updateCompany(ctx.session.company, { logo: undefined });
    return { logo: null };
  }),
];
