/**
 * Platform administration (docs/rules.md#platform, docs/screens.md#platform; docs/api.md#calls-named-by-the-spec company calls exactly): companies and their lifecycle,
 * the renewal log, packages, subscription orders of every company, login accounts across companies, platform
 * settings and the service contact, the overview. Company roles get 403 on every call here; service and operation
 * read everything and change nothing (each resource's policy writes with `platformAdmin`).
 */
import type { CampusRow, CompanyRow, Db, MembershipRow, ServiceContactRow, SqlSeeder, UserRow } from '../db';
import { insertMembership, insertUser, membershipRowOf, mobilesWithUsers, mobileTaken, ownerOf, ownersOf, updateMembership, updateUser, userByMobile, userRowOf } from './people';
import { nextId, SESSION_IDLE_MS, SESSION_MAX_MS } from '../db';
import { liveSessionCounts } from '../../server/auth/state';
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { beforeCommit, restartIdentities, tx, type Database } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { localDay, sqlList, type SqlListSpec } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { companies, companyRenewals, feedback, invoices, memberships, onlineOrders, packages, platformSettings, saleCaps, serviceContact, settlements, students, subscriptionOrders, users } from '../../server/db/schema';
import type { Lang } from '../messages';
import { created } from './audit';
import {
  findPackage,
  findPlatformSettings,
  findServiceContact,
  keywordOver,
  localOrders,
  localPackageName,
  orderNoOf,
  orderValues,
  packageOf,
  packageValues,
  platformSettingsOf,
  renewalOf,
  renewalValues,
  serviceContactOf,
  writeSingleRows,
  type PackageRow,
  type PlatformSettingsRow,
} from './platformRows';
import { SEED_PACKAGES } from './subscription';
import { campusCounts, insertCampus } from './campusRows';
import { allCompanies, companyRowOf, deleteCompany, insertCompany, newCompanyId, updateCompany } from './companyRows';
import { setSaleCap } from './campusSettings';
import { hashPassword, oneTimePassword } from '../credentials';
import { api, definePolicy, HttpError, type AuthedCtx } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { addDays, nowStamp, today } from '../clock';
import { chineseName, createRng } from '../random';
import { DEMO_SERVICE_CONTACT, PRODUCTION_SERVICE_CONTACT, ROLE_FLAGS } from './session';
import { endCompanySessions } from './companyStatus';
import { createCompanyGroups, seedCompanyGroups } from './campus';
import { createWebPages } from './webPages';
import { findInvoice, findSettlement, invoiceOf, settlementOfRow } from './campusSales';
import type {
  AdminPackage,
  AdminStudentOrder,
  CompaniesImported,
  CompanyCreated,
  CompanyListItem,
  NewCompanyOwner,
  CompanyRenewal,
  ImportTemplate,
  PlatformOverview,
  PlatformSettings,
  PlatformUserAccount,
} from '../../src/types/platform';
import { COMPANY_STATES, EXPIRY_WINDOWS } from '../../src/types/platform';
import {
  AddCompanyBody,
  CompanyIdBody,
  ImportCompaniesBody,
  ModifyMobileBody,
  PackageBody,
  PlatformSettingsBody,
  RenewCompanyBody,
  ServiceContactBody,
  SimpleCompanyBody,
  UpdateCompanyBody,
  UpdatePackageBody,
} from '../../src/types/platform.schemas';
import { canDelete, checkImportRows, companyState, dayOf, disable, expiresWithin, recover, renew } from '../../src/domain/companyLifecycle';
import type { SubscriptionOrder, SubscriptionPackage } from '../../src/types/subscription';
import type { InvoiceRequest, Settlement } from '../../src/types/campus';
import { InvoiceIssueBody, InvoiceRejectBody } from '../../src/types/platform.schemas';

declare module '../db' {
  interface CompanyRow {
    contact?: string;
    address?: string;
    remark?: string;
    /** Day the company was disabled (recover adds the valid days lost since). */
    disabledAt?: string;
    /** Owner's name when the owner account is not found (imports keep it). */
    ownerName?: string;
  }
  interface Db {
    /**
     * The demo seed's renewal log (the in-process seed writes it as it creates the companies): written to the
     * database (server/db/schema/platform.ts) by `seedPlatformTables`. Never read by a request.
     */
    seedCompanyRenewals: CompanyRenewal[];
  }
}

defineMessages({
  'pf.company': { en: 'Company', zh: '公司' },
  'pf.package': { en: 'Package', zh: '套餐' },
  'pf.name': { en: 'Company name', zh: '公司名称' },
  'pf.pkgName': { en: 'Package name', zh: '套餐名称' },
  'pf.ownerName': { en: 'Owner', zh: '负责人' },
  'pf.ownerMobile': { en: 'Owner mobile', zh: '负责人手机号' },
  'pf.days': { en: 'Valid days', zh: '有效天数' },
  'pf.contact': { en: 'Contact', zh: '联系人' },
  'pf.address': { en: 'Address', zh: '地址' },
  'pf.remark': { en: 'Remark', zh: '备注' },
  'pf.price': { en: 'Price', zh: '价格' },
  'pf.campuses': { en: 'Campuses included', zh: '包含校区数' },
  'pf.description': { en: 'Description', zh: '说明' },
  'pf.onSale': { en: 'On sale', zh: '上架' },
  'pf.rows': { en: 'Rows', zh: '行' },
  'pf.feePercent': { en: 'Platform fee', zh: '平台服务费' },
  'pf.trialDays': { en: 'Trial days', zh: '试用天数' },
  'pf.defaultCampuses': { en: 'Default campuses', zh: '默认校区数' },
  'pf.defaultCapHours': { en: 'Prepaid cap (hours)', zh: '预收上限（课时）' },
  'pf.defaultCapMonths': { en: 'Prepaid cap (months)', zh: '预收上限（月）' },
  'pf.welcomeNote': { en: 'Welcome note', zh: '欢迎语' },
  'pf.phone': { en: 'Phone', zh: '电话' },
  'pf.wechat': { en: 'WeChat', zh: '微信' },
  'pf.contactName': { en: 'Service name', zh: '客服名称' },
  'company.alreadyDisabled': { en: 'This company is already disabled.', zh: '该公司已停用。' },
  'company.notDisabled': { en: 'Only a disabled company can be recovered.', zh: '只有已停用的公司可以恢复。' },
  'company.hasStudents': { en: '{name} still has {n, plural, one {# student} other {# students}}: it cannot be deleted. Disable it instead.', zh: '{name} 还有 {n} 名学员，不能删除，请改为停用。' },
  'company.badDays': { en: 'Valid days must be a whole number from 1 to 3650.', zh: '有效天数须为 1 到 3650 的整数。' },
  'company.platform': { en: 'The platform company cannot be changed here.', zh: '平台公司不能在此修改。' },
  'company.nameTaken': { en: 'A company named {name} already exists.', zh: '已存在名为 {name} 的公司。' },
  'company.mobileTaken': { en: 'Another account already uses mobile {mobile}.', zh: '手机号 {mobile} 已被其他账号使用。' },
  'company.mobileSame': { en: 'This is already the owner mobile.', zh: '该号码已是负责人手机号。' },
  'company.noOwner': { en: 'This company has no owner account.', zh: '该公司没有负责人账号。' },
  'company.importRow': { en: 'Row {row}: {errors}', zh: '第 {row} 行：{errors}' },
  'companyImport.err.name': { en: 'company name missing or longer than 60 characters', zh: '公司名称缺失或超过 60 个字符' },
  'companyImport.err.ownerName': { en: 'owner name missing', zh: '负责人缺失' },
  'companyImport.err.mobile': { en: 'mobile must be 11 digits starting with 1', zh: '手机号须为以 1 开头的 11 位数字' },
  'companyImport.err.days': { en: 'valid days must be a whole number from 1 to 3650', zh: '有效天数须为 1 到 3650 的整数' },
  'companyImport.err.duplicate': { en: 'the name appears twice in the file', zh: '名称在文件中重复' },
  'companyImport.err.exists': { en: 'a company with this name already exists', zh: '已存在同名公司' },
  'settlement.notPending': { en: 'Only a pending settlement can be paid.', zh: '只有待结算的结算单可以支付。' },
  'invoice.notRequested': { en: 'This invoice request has already been handled.', zh: '该开票申请已处理。' },
  'invoice.noTaken': { en: 'Invoice number {no} is already used.', zh: '发票号 {no} 已被使用。' },
  'pf.settlement': { en: 'Settlement', zh: '结算单' },
  'pf.invoice': { en: 'Invoice request', zh: '开票申请' },
  'pf.invoiceNo': { en: 'Invoice number', zh: '发票号' },
  'pf.reason': { en: 'Reason', zh: '原因' },
  'package.used': { en: 'Package {name} has {n, plural, one {# order} other {# orders}}: take it off sale instead of deleting it.', zh: '套餐 {name} 已有 {n} 个订单，请下架而不是删除。' },
  'package.nameTaken': { en: 'A package named {name} already exists.', zh: '已存在名为 {name} 的套餐。' },
});

const COMPANY_LABELS = { name: 'pf.name', ownerName: 'pf.ownerName', ownerMobile: 'pf.ownerMobile', mobile: 'pf.ownerMobile', days: 'pf.days', contact: 'pf.contact', address: 'pf.address', remark: 'pf.remark', rows: 'pf.rows', id: 'pf.company' };
const PACKAGE_LABELS = { name: 'pf.pkgName', days: 'pf.days', price: 'pf.price', campuses: 'pf.campuses', description: 'pf.description', onSale: 'pf.onSale', id: 'pf.package' };
const SETTING_LABELS = { feePercent: 'pf.feePercent', trialDays: 'pf.trialDays', defaultCampuses: 'pf.defaultCampuses', defaultCapHours: 'pf.defaultCapHours', defaultCapMonths: 'pf.defaultCapMonths', welcomeNote: 'pf.welcomeNote', name: 'pf.contactName', phone: 'pf.phone', wechat: 'pf.wechat' };

/* ---------------- policies: platform roles read, only admin writes ---------------- */

/** The subscribing companies (not the platform's own), in the database (server/db/schema/accounts.ts). */
const subscribers = eq(companies.platform, false);
async function findCompanyIn(id: number, scope: SQL | undefined, lock: boolean): Promise<CompanyRow | undefined> {
  const q = (await tx()).select().from(companies).where(and(eq(companies.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && companyRowOf(r);
}
async function companiesIn(scope: SQL | undefined): Promise<CompanyRow[]> {
  return (await (await tx()).select().from(companies).where(scope).orderBy(asc(companies.id))).map(companyRowOf);
}
export const companyPolicy = definePolicy<CompanyRow>({ name: 'company', read: 'isPlatform', write: 'platformAdmin', where: () => subscribers, find: findCompanyIn });
/** The platform's tables (server/db/schema/platform.ts): every company's rows. */
export const renewalPolicy = definePolicy<CompanyRenewal>({ name: 'companyRenewal', read: 'isPlatform', where: () => undefined });
export const packagePolicy = definePolicy<PackageRow>({ name: 'package', read: 'isPlatform', write: 'platformAdmin', where: () => undefined, find: (id, scope, lock) => findPackage(id, scope, lock) });
export const adminOrderPolicy = definePolicy<SubscriptionOrder>({ name: 'adminOrder', read: 'isPlatform', where: () => undefined });
export const accountPolicy = definePolicy<UserRow>({ name: 'userAccount', read: 'isPlatform', where: () => undefined });
export const platformSettingsPolicy = definePolicy<PlatformSettingsRow>({ name: 'platformSettings', read: 'isPlatform', write: 'platformAdmin', where: () => undefined, find: (id, _scope, lock) => findPlatformSettings(id, lock) });
export const serviceContactPolicy = definePolicy<ServiceContactRow>({ name: 'serviceContact', read: 'isPlatform', write: 'platformAdmin', where: () => undefined, find: (id, _scope, lock) => findServiceContact(id, lock) });
/** The platform's side of the campus sales tables (server/db/schema/sales.ts): every company's rows. */
export const adminSettlementPolicy = definePolicy<Settlement>({
  name: 'adminSettlement',
  read: 'isPlatform',
  write: 'platformAdmin',
  where: () => undefined,
  find: findSettlement,
});
export const adminInvoicePolicy = definePolicy<InvoiceRequest>({
  name: 'adminInvoice',
  read: 'isPlatform',
  write: 'platformAdmin',
  where: () => undefined,
  find: findInvoice,
});
export const adminStudentOrderPolicy = definePolicy<AdminStudentOrder>({ name: 'adminStudentOrder', read: 'isPlatform', where: () => undefined });
export const overviewPolicy = definePolicy<CompanyRow>({ name: 'platformOverview', read: 'isPlatform', where: () => subscribers, find: findCompanyIn });

/** A feedback row as the platform's overview and /cool list it. */
function feedbackLine(r: typeof feedback.$inferSelect): PlatformOverview['newestFeedback'][number] {
  return { id: r.id, companyName: r.companyName, userName: r.userName, content: r.text, at: stampOf(r.createdAt) };
}
const PLATFORM_FEEDBACK_LIST: SqlListSpec = {
  keyword: [feedback.text, feedback.companyName, feedback.userName],
  equal: { companyId: feedback.companyId },
  date: feedback.createdAt,
  sortable: { at: feedback.createdAt },
  defaultSort: { field: 'at', order: 'descend' },
  tiebreak: [desc(feedback.id)],
};

/* ---------------- companies ---------------- */


/** How many students each company has. */
async function studentCounts(): Promise<Map<number, number>> {
  const rows = await (await tx()).select({ companyId: students.companyId, n: count() }).from(students).groupBy(students.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}

/** A company as the platform's list shows it; `owners`: the companies' owners (`ownersOf`, ./people.ts). */
export function companyItem(db: Db, c: CompanyRow, campusCount: Map<number, number>, owners: Map<number, Pick<UserRow, 'name'>>, counts: Map<number, number>): CompanyListItem {
  const t = today();
  const owner = owners.get(c.id);
  return {
    id: c.id,
    name: c.name,
    ownerName: owner?.name ?? c.ownerName ?? '',
    ownerMobile: c.ownerMobile,
    contact: c.contact,
    address: c.address,
    remark: c.remark,
    validUntil: c.validUntil,
    day: dayOf(c, t),
    status: c.status,
    state: companyState(c, t),
    disabledAt: c.disabledAt,
    campusCount: campusCount.get(c.id) ?? 0,
    studentCount: counts.get(c.id) ?? 0,
    createdAt: c.createdAt,
  };
}

/** One company as the list shows it, read for an answer. */
async function itemOf(db: Db, c: CompanyRow): Promise<CompanyListItem> {
  return companyItem(db, c, await campusCounts(c.id), await ownersOf([c.id]), await studentCounts());
}

type RenewalFields = Omit<CompanyRenewal, 'id' | 'companyId' | 'companyName' | 'operator' | 'at'>;

/** A line of the renewal log, written in the call's transaction. */
async function logRenewal(ctx: AuthedCtx, c: CompanyRow, r: RenewalFields, at = nowStamp()): Promise<CompanyRenewal> {
  const [row] = await (await tx())
    .insert(companyRenewals)
    .values(renewalValues({ companyId: c.id, companyName: c.name, operator: ctx.session.user.name, at, ...r }))
    .returning();
  return renewalOf(row);
}

/** A line of the seed's renewal log (written to the database by `seedPlatformTables`). */
function seedRenewal(db: Db, c: CompanyRow, r: RenewalFields, at: string) {
  db.seedCompanyRenewals.push({ id: nextId(db, 'companyRenewals'), companyId: c.id, companyName: c.name, operator: '林思远', at, ...r });
}

/**
 * One-time passwords for the owner mobiles that have no account yet (one per distinct mobile), hashed off the main
 * thread before the company is created (docs/rules.md#people-and-credentials): shown once in the answer, changed at the first login.
 */
async function newOwnerPasswords(db: Db, mobiles: string[]): Promise<Map<string, { password: string; hash: string }>> {
  const known = await mobilesWithUsers(mobiles);
  const fresh = [...new Set(mobiles)].filter((m) => !known.has(m));
  const entries = await Promise.all(
    fresh.map(async (m) => {
      const password = oneTimePassword();
      return [m, { password, hash: await hashPassword(password) }] as const;
    }),
  );
  return new Map(entries);
}

/**
 * The owner part of a create answer: a new account with its one-time password (this answer is the only place it is
 * ever shown), or an existing account attached as the owner, whose credentials are left as they are.
 */
async function ownerResult(c: CompanyRow, created: Map<string, { password: string; hash: string }>, existed: boolean): Promise<NewCompanyOwner> {
  const user = (await ownerOf(c.id))!.user;
  const fresh = created.get(c.ownerMobile);
  return { companyId: c.id, companyName: c.name, name: user.name, mobile: user.mobile, username: user.username, existing: existed, ...(!existed && fresh && user.passwordHash === fresh.hash ? { oneTimePassword: fresh.password } : {}) };
}

/**
 * Creates a company with its main campus and its owner. An owner mobile that already has an account: that account
 * becomes the owner, its password and sign-in untouched. Else a new account, with `ownerHash` (a one-time password's
 * hash, to be changed at the first login) or, for the seeded demo companies, no password at all (SMS sign-in only).
 */
function createCompany(ctx: AuthedCtx | undefined, db: Db, input: { name: string; ownerName: string; ownerMobile: string; days: number; contact?: string; address?: string; remark?: string }, createdAt = today(), ownerHash?: string, id?: number): CompanyRow {
  const days = input.days;
  const c: CompanyRow = {
    id: id ?? nextId(db, 'companies'),
    name: input.name,
    platform: false,
    validUntil: addDays(createdAt, days),
    status: 'active',
    ownerMobile: input.ownerMobile,
    ownerName: input.ownerName,
    createdAt,
    contact: input.contact,
    address: input.address,
    remark: input.remark,
  };
  // The seed's company is a seed row; a call's is written by the call with the id it drew (`createCompanyByCall`).
  if (!ctx) db.seedCompanies.push(c);
  // Its main campus: the seed's in the seed, a call's written by the call (`createCompanyCampus`).
  if (!ctx) db.seedCampuses.push({ id: nextId(db, 'campuses'), ...mainCampus(c, input) });
  // Its owner: the seed's here, a call's written after the company (`createCompanyCampus`).
  if (!ctx) {
    let user = db.seedUsers.find((u) => u.mobile === input.ownerMobile);
    if (!user) {
      user = { id: nextId(db, 'users'), ...newOwner(input, ownerHash) };
      db.seedUsers.push(user);
    }
    const roleId = nextId(db, 'memberships');
    db.seedMemberships.push({ roleId, ...ownerMembership(c, user.id) });
  }
  // The defaults for a new company (docs/rules.md#platform): permission groups per role (the caller writes them:
  // `seedCompanyGroups` in the seed, `joinDefaultGroups` in a call), the online-sale cap.
  // Its rules are the defaults until it saves its own (server/db/schema/accounts.ts: no row needed).
  // In a call, written with the call's other writes (the seed's companies get theirs from `seedSaleCaps`).
  if (ctx) void beforeCommit(async () => {
    const settings = await platformSettingsOf();
    await setSaleCap(c.id, { maxHours: settings.defaultCapHours, maxMonths: settings.defaultCapMonths }, false);
  });
  const creation: RenewalFields = { kind: 'create', days, before: createdAt, after: c.validUntil };
  if (ctx) void beforeCommit(async () => void (await logRenewal(ctx, c, creation, `${createdAt} 09:00:00`)));
  else seedRenewal(db, c, creation, `${createdAt} 09:00:00`);
  return c;
}

/** A new owner's account: no password (SMS sign-in only) or a one-time password's hash, to be changed at the first login. */
function newOwner(input: { ownerName: string; ownerMobile: string }, ownerHash?: string): Omit<UserRow, 'id'> {
  return { username: `u${input.ownerMobile}`, passwordHash: ownerHash ?? '', ...(ownerHash ? { mustChangePassword: true } : {}), mobile: input.ownerMobile, name: input.ownerName, avatar: '/avatar.svg' };
}

function ownerMembership(c: CompanyRow, userId: number): Omit<MembershipRow, 'roleId'> {
  return { userId, companyId: c.id, role: 'dealer', type: 0, flags: { ...ROLE_FLAGS.dealer } };
}

function mainCampus(c: CompanyRow, input: { name: string; ownerMobile: string; address?: string }): Omit<CampusRow, 'id'> {
  return { companyId: c.id, name: `${input.name} · 总校区`, address: input.address ?? '', phone: input.ownerMobile, isMain: true };
}

/**
 * A company created by a call: the company in the database, its main campus, its campus web page, then its owner:
 * the account of the owner mobile when there is one (its password and sign-in untouched), else a new one.
 */
async function createCompanyCampus(db: Db, c: CompanyRow, input: { name: string; ownerName: string; ownerMobile: string; address?: string }, ownerHash?: string): Promise<void> {
  await insertCompany(c);
  await insertCampus(await tx(), mainCampus(c, input));
  await createWebPages(db, c.id);
  const user = (await userByMobile(input.ownerMobile)) ?? (await insertUser(newOwner(input, ownerHash)));
  await insertMembership(ownerMembership(c, user.id));
}

/** The owner's membership of a company in the owner's default group (its id given by the seed or the database). */
function joinOwnerGroup(db: Db, c: CompanyRow, group: { id: number } | undefined) {
  const owner = db.seedMemberships.find((m) => m.companyId === c.id && m.type === 0);
  if (owner && group) owner.groupId = group.id;
}

/** A company created by a call: its default groups in the database, the owner in the store manager's. */
async function joinDefaultGroups(db: Db, c: CompanyRow): Promise<void> {
  const group = await createCompanyGroups(c.id, `${today()} 09:00:00`);
  const owner = await ownerOf(c.id);
  if (owner && owner.membership.type === 0 && group) await updateMembership(owner.membership, { groupId: group.id });
}

async function assertNameFree(ctx: AuthedCtx, name: string, exceptId?: number) {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  if ((await allCompanies()).some((c) => c.id !== exceptId && norm(c.name) === norm(name))) throw ctx.bad('company.nameTaken', { name });
}

function refuse(ctx: AuthedCtx, r: string, values?: Record<string, string | number>): never {
  throw ctx.bad(r, values);
}

/* ---------------- seed ---------------- */

/** The online-sale cap the seed's platform companies were created with (the platform's defaults). */
export const seedSaleCaps: SqlSeeder = async (sql, db) => {
  const names = new Set(SEED_COMPANIES.map(([name]) => name));
  const rows = db.seedCompanies
    .filter((c) => !c.platform && names.has(c.name))
    .map((c) => ({ companyId: c.id, maxHours: SEED_PLATFORM_SETTINGS.defaultCapHours, maxMonths: SEED_PLATFORM_SETTINGS.defaultCapMonths }));
  if (rows.length) await sql.insert(saleCaps).values(rows);
};

const SEED_COMPANIES: [string, number, ('disabled' | undefined)?, number?][] = [
  // name, days left, disabled?, days since disabled
  ['Harbor Ballet Academy 海港芭蕾', 420],
  ['青禾书法 Qinghe Calligraphy', 365],
  ['Little Mozart Piano Studio', 610],
  ['墨韵国画 Moyun Painting', 280],
  ['Jade Dragon Wushu 玉龙武术', 510],
  ['Skyline Hip-Hop Crew', 190],
  ['Bamboo Flute Music House 竹笛音乐坊', 700],
  ['Bright Minds Robotics 启明机器人', 150],
  ['Golden Voice Choir 金嗓子合唱', 240],
  ['Pearl River Swim Club 珠江游泳', 330],
  ['Lotus Guzheng Studio 莲韵古筝', 125],
  ['Crimson Chess Academy 赤枫棋院', 460],
  ['Willow Yoga for Kids 柳叶少儿瑜伽', 7],
  ['Rainbow Clay Art 彩虹陶艺', 5],
  ['Nimbus Drum School 云鼓打击乐', 3],
  ['Orchid Latin Dance 兰花拉丁舞', 2],
  ['Summit Climbing Kids 巅峰攀岩', 29],
  ['Sparrow Violin Studio 麻雀小提琴', 26],
  ['Maple Leaf English 枫叶英语', 22],
  ['Tidewater Fencing 潮汐击剑', 18],
  ['Cedar Street Theatre 雪松戏剧', 14],
  ['Kite Runner Aerial Arts 风筝空中艺术', 9],
  ['Aurora Figure Skating 极光花滑', 88],
  ['Phoenix Taekwondo 凤凰跆拳道', 75],
  ['Starfish Early Learning 海星早教', 61],
  ['Silk Road Pipa Studio 丝路琵琶', 52],
  ['Meadow Ukulele Club 草地尤克里里', 44],
  ['Sunflower Sketch Studio 向日葵素描', 35],
  ['Iron Bridge Boxing Kids 铁桥少儿拳击', 0],
  ['Cloud Nine Magic Show 九霄魔术', -3],
  ['Echo Valley Saxophone 回音谷萨克斯', -15],
  ['Plum Blossom Opera 梅花戏曲', -40],
  ['Riverbend Lego Lab 河湾乐高', -90],
  ['Old Town Calligraphy Hall 老城书法馆', -200],
  ['Blue Whale Swim School 蓝鲸游泳', 10, 'disabled', 10],
  ['Northwind Skate Park 北风滑板', 120, 'disabled', 3],
  ['Tulip Ballet Garden 郁金香芭蕾', 40, 'disabled', 25],
  ['Copper Bell Percussion 铜铃打击乐', -20, 'disabled', 60],
  ['Hummingbird Vocal Studio 蜂鸟声乐', 200, 'disabled', 1],
  ['Granite Go Club 花岗岩围棋', 15, 'disabled', 30],
];

/** The platform's settings in the seed (demo and production). */
export const SEED_PLATFORM_SETTINGS: PlatformSettings = { feePercent: 0.6, trialDays: 30, defaultCampuses: 1, defaultCapHours: 60, defaultCapMonths: 3, welcomeNote: 'Welcome to Campus Console! 欢迎使用校务云。' };
/** Campuses included by the seed's packages. */
const SEED_CAMPUSES: Record<number, number> = { 1: 1, 2: 3, 3: 5, 4: 1 };

/**
 * The platform's tables in the demo seed: the settings and the service contact, the packages, the subscription orders
 * and the renewal log the in-process seed wrote as it went (their ids kept).
 */
export const seedPlatformTables: SqlSeeder = async (sql, db) => {
  await writeSingleRows(sql, SEED_PLATFORM_SETTINGS, DEMO_SERVICE_CONTACT);
  await sql.insert(packages).values(SEED_PACKAGES.map((p) => packageValues({ ...p, campuses: SEED_CAMPUSES[p.id] ?? 1 })));
  await insertMany(sql, subscriptionOrders, db.seedSubscriptionOrders.map(orderValues));
  await insertMany(sql, companyRenewals, db.seedCompanyRenewals.map(renewalValues));
  await restartIdentities(sql, ['packages', 'subscription_orders', 'company_renewals']);
};

/** The platform's tables outside demo mode: the settings and the service contact, no package or order. */
export const seedPlatformProduction: SqlSeeder = (sql) => writeSingleRows(sql, SEED_PLATFORM_SETTINGS, PRODUCTION_SERVICE_CONTACT);

export function seedPlatform(db: Db) {
  const t = today();
  const rng = createRng(1414);
  db.seedCompanyRenewals = [];
  // The demo companies' creation and a past renewal each, so their logs are not empty.
  for (const c of db.seedCompanies.filter((x) => !x.platform)) {
    seedRenewal(db, c, { kind: 'create', days: 30, before: c.createdAt, after: addDays(c.createdAt, 30) }, `${c.createdAt} 09:00:00`);
  }
  const streets = ['Renmin Road', 'Jiefang Avenue', 'Zhongshan Road', 'Huaihai Road', 'Binjiang Avenue', 'Wenhua Street', 'Xinhua Road'];
  for (const [name, left, disabled, since] of SEED_COMPANIES) {
    // Old enough for its first 30 days to end by its valid-until (an expired company was created before it expired).
    const age = Math.max(rng.int(60, 730), 30 - left);
    const createdAt = addDays(t, -age);
    const ownerName = chineseName(rng);
    const mobile = `139${String(10_000_000 + db.seedCompanies.length * 7919).slice(-8)}`;
    const c = createCompany(undefined, db, { name, ownerName, ownerMobile: mobile, days: 30, contact: chineseName(rng), address: `${rng.int(1, 300)} ${rng.pick(streets)}` }, createdAt);
    joinOwnerGroup(db, c, seedCompanyGroups(db, c.id, `${createdAt} 09:00:00`));
    c.validUntil = addDays(t, left);
    if (disabled) {
      c.status = 'disabled';
      c.disabledAt = addDays(t, -(since ?? 1));
    }
    // Subscription orders over the company's life (up to two years), renewals in the log.
    let cursor = addDays(createdAt, 30);
    while (cursor < t) {
      const pkg = rng.pick(SEED_PACKAGES.filter((p) => p.onSale && p.days <= 365));
      // The log ends where the company's validity does (issue 31): no renewal reaching past its valid-until.
      if (addDays(cursor, pkg.days) > c.validUntil) break;
      const orderDay = addDays(cursor, -rng.int(0, 6));
      if (rng.chance(0.12)) pushOrder(db, c, pkg, orderDay, 'cancelled', ownerName);
      pushOrder(db, c, pkg, orderDay, 'paid', ownerName);
      seedRenewal(db, c, { kind: 'renew', days: pkg.days, before: cursor, after: addDays(cursor, pkg.days), remark: pkg.name }, `${orderDay} 10:30:00`);
      cursor = addDays(cursor, pkg.days);
    }
    if (left > 0 && left <= 30 && rng.chance(0.5)) pushOrder(db, c, SEED_PACKAGES[0], addDays(t, -1), 'unpaid', ownerName);
  }
}

function pushOrder(db: Db, c: CompanyRow, pkg: SubscriptionPackage, day: string, status: SubscriptionOrder['status'], by: string) {
  const id = nextId(db, 'subscriptionOrders');
  db.seedSubscriptionOrders.push({
    id,
    orderNo: orderNoOf(id),
    companyId: c.id,
    companyName: c.name,
    packageId: pkg.id,
    packageName: pkg.name,
    days: pkg.days,
    amount: pkg.price,
    status,
    createdAt: `${day} 10:12:00`,
    ...(status === 'paid' ? { paidAt: `${day} 10:15:00` } : {}),
    createdBy: by,
  });
}

/* ---------------- settlements and online card orders of every company (read side) ---------------- */

function studentOrderOf(o: typeof onlineOrders.$inferSelect): AdminStudentOrder {
  return {
    id: o.id,
    orderNo: o.orderNo,
    companyId: o.companyId,
    companyName: o.companyName,
    studentName: o.studentName,
    templateName: o.templateName,
    amount: o.amount,
    status: o.status,
    createdAt: stampOf(o.createdAt),
    paidAt: o.paidAt ? stampOf(o.paidAt) : undefined,
  };
}

/* ---------------- the platform's tables (server/db/schema/platform.ts) ---------------- */

const RENEWAL_LIST: SqlListSpec = {
  equal: { companyId: companyRenewals.companyId, kind: companyRenewals.kind },
  date: companyRenewals.at,
  sortable: { at: companyRenewals.at },
  defaultSort: { field: 'at', order: 'descend' },
  tiebreak: [asc(companyRenewals.id)],
};
const PACKAGE_LIST: SqlListSpec = {
  keyword: [packages.name],
  filters: { onSale: (v) => (v === 'true' || v === 'false' ? eq(packages.onSale, v === 'true') : sql`false`) },
  sortable: {
    name: sql`${packages.nameSort} collate "C"`,
    days: packages.days,
    price: packages.price,
    orderCount: sql`(select count(*) from ${subscriptionOrders} where ${subscriptionOrders.packageId} = ${packages.id})`,
  },
  defaultSort: { field: 'id', order: 'ascend', by: packages.id },
  tiebreak: [asc(packages.id)],
};
/** Every company's orders; the keyword searches the package name the caller reads. */
const adminOrderList = (lang: Lang): SqlListSpec => ({
  filters: { keyword: keywordOver([sql`${subscriptionOrders.orderNo}`, sql`${subscriptionOrders.companyName}`, localPackageName(lang), sql`${subscriptionOrders.createdBy}`]) },
  equal: { status: subscriptionOrders.status, companyId: subscriptionOrders.companyId, packageId: subscriptionOrders.packageId },
  date: subscriptionOrders.createdAt,
  sortable: {
    createdAt: subscriptionOrders.createdAt,
    amount: subscriptionOrders.amount,
    days: subscriptionOrders.days,
    companyName: sql`${subscriptionOrders.companyNameSort} collate "C"`,
  },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(subscriptionOrders.id)],
});

/** The packages' names (a name is taken whatever its case: compared as the in-process table did). */
async function packageNames(t: Database): Promise<{ id: number; name: string }[]> {
  return t.select({ id: packages.id, name: packages.name }).from(packages);
}

const ADMIN_SETTLEMENT_LIST: SqlListSpec = {
  keyword: [settlements.companyName, settlements.month],
  equal: { status: settlements.status, companyId: settlements.companyId, month: settlements.month },
  sortable: { month: settlements.month, gross: settlements.gross, net: settlements.net, companyName: sql`${settlements.companyNameSort} collate "C"` },
  defaultSort: { field: 'month', order: 'descend' },
  tiebreak: [asc(settlements.id)],
};
const ADMIN_INVOICE_LIST: SqlListSpec = {
  keyword: [invoices.companyName, invoices.orderNo, invoices.title, invoices.taxNo, invoices.invoiceNo],
  equal: { status: invoices.status, companyId: invoices.companyId },
  date: invoices.createdAt,
  sortable: { createdAt: invoices.createdAt, amount: invoices.amount },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(invoices.id)],
};
const ADMIN_STUDENT_ORDER_LIST: SqlListSpec = {
  keyword: [onlineOrders.orderNo, onlineOrders.companyName, onlineOrders.studentName, onlineOrders.templateName],
  equal: { status: onlineOrders.status, companyId: onlineOrders.companyId },
  date: onlineOrders.createdAt,
  sortable: { createdAt: onlineOrders.createdAt, amount: onlineOrders.amount, companyName: sql`${onlineOrders.companyNameSort} collate "C"` },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(onlineOrders.id)],
};

/* ---------------- calls ---------------- */

const TEMPLATE: ImportTemplate = {
  sheetName: 'companies',
  columns: [
    { key: 'name', title: 'Company name 公司名称', required: true, example: 'Harbor Ballet Academy 海港芭蕾' },
    { key: 'ownerName', title: 'Owner 负责人', required: true, example: '林可欣' },
    { key: 'ownerMobile', title: 'Owner mobile 负责人手机号', required: true, example: '13912345678' },
    { key: 'days', title: 'Valid days 有效天数', required: true, example: 365 },
    { key: 'address', title: 'Address 地址', required: false, example: '88 Renmin Road' },
    { key: 'remark', title: 'Remark 备注', required: false, example: '' },
  ],
};

export const platformHandlers = [
  /* companies (docs/api.md#calls-named-by-the-spec) */
  api('get', '/v2/company_kt', { read: companyPolicy }, async (ctx) => {
    const counts = await studentCounts();
    const campusCount = await campusCounts();
    const t = today();
    const rows = await companiesIn(ctx.scope(companyPolicy));
    const owners = await ownersOf(rows.map((c) => c.id));
    const win = ctx.query.expiresWithin;
    if (win && !EXPIRY_WINDOWS.map(String).includes(win)) throw new HttpError(400, ctx.t('v.oneOf', { field: 'expiresWithin', values: EXPIRY_WINDOWS.join(', ') }));
    if (ctx.query.state && ctx.query.state.split(',').some((s) => !(COMPANY_STATES as string[]).includes(s))) throw new HttpError(400, ctx.t('v.oneOf', { field: 'state', values: COMPANY_STATES.join(', ') }));
    const filtered = win ? rows.filter((c) => expiresWithin(c, t, Number(win))) : rows;
    return listQuery(
      filtered.map((c) => companyItem(ctx.db, c, campusCount, owners, counts)),
      ctx.query,
      {
        keywordFields: ['name', 'ownerName', 'ownerMobile', 'contact'],
        equalFields: ['state', 'status'],
        dateField: 'createdAt',
        sortable: ['name', 'validUntil', 'day', 'createdAt', 'studentCount'],
        defaultSort: { field: 'id', order: 'descend' },
      },
      ctx.lang,
    );
  }),

  api('post', '/v2/company_kt/add_company', { write: companyPolicy, body: AddCompanyBody, labels: COMPANY_LABELS }, async (ctx): Promise<CompanyCreated> => {
    await assertNameFree(ctx, ctx.body.name);
    const passwords = await newOwnerPasswords(ctx.db, [ctx.body.ownerMobile]);
    await assertNameFree(ctx, ctx.body.name);
    const existed = (await userByMobile(ctx.body.ownerMobile)) !== undefined;
    const c = createCompany(ctx, ctx.db, { ...ctx.body, days: ctx.body.days ?? (await platformSettingsOf()).trialDays }, today(), passwords.get(ctx.body.ownerMobile)?.hash, await newCompanyId());
    await createCompanyCampus(ctx.db, c, ctx.body, passwords.get(ctx.body.ownerMobile)?.hash);
    await joinDefaultGroups(ctx.db, c);
    return { ...(await itemOf(ctx.db, c)), owner: await ownerResult(c, passwords, existed) };
  }),

  api('put', '/v2/company_kt', { write: companyPolicy, body: UpdateCompanyBody, labels: COMPANY_LABELS }, async (ctx) => {
    const c = await ctx.find(companyPolicy, ctx.body.id, 'pf.company');
    await assertNameFree(ctx, ctx.body.name, c.id);
    await updateCompany(c, { name: ctx.body.name, contact: ctx.body.contact, address: ctx.body.address, remark: ctx.body.remark });
    await (await tx()).update(subscriptionOrders).set({ companyName: c.name, companyNameSort: sortKey(c.name) }).where(eq(subscriptionOrders.companyId, c.id));
    return await itemOf(ctx.db, c);
  }),

  api<{ id: string }>('delete', '/v2/company_kt/:id', { write: companyPolicy }, async (ctx) => {
    const c = await ctx.find(companyPolicy, Number(ctx.params.id), 'pf.company');
    const n = (await studentCounts()).get(c.id) ?? 0;
    const ok = canDelete(n, c.platform);
    if (ok !== true) refuse(ctx, ok, { name: c.name, n });
    const db = ctx.db;
    await endCompanySessions(db, c.id);
    // With it every row of its data (foreign keys: server/db/schema/companies.ts); the platform's records of it stay.
    await deleteCompany(c.id);
    return null;
  }),

  api('post', '/v2/company_kt/renew_valid_day', { write: companyPolicy, body: RenewCompanyBody, labels: COMPANY_LABELS }, async (ctx) => {
    const c = await ctx.find(companyPolicy, ctx.body.id, 'pf.company');
    const r = renew(c, ctx.body.days, today());
    if (typeof r === 'string') refuse(ctx, r);
    const log = await logRenewal(ctx, c, { kind: 'renew', days: r.days, before: r.before, after: r.after, remark: ctx.body.remark });
    await updateCompany(c, { validUntil: r.after });
    return { company: await itemOf(ctx.db, c), renewal: created(log) };
  }),

  api('post', '/v2/company_kt/disable', { write: companyPolicy, body: CompanyIdBody, labels: COMPANY_LABELS }, async (ctx) => {
    const c = await ctx.find(companyPolicy, ctx.body.id, 'pf.company');
    const r = disable(c, today());
    if (typeof r === 'string') refuse(ctx, r);
    await updateCompany(c, { status: r.status, disabledAt: r.disabledAt });
    const ended = await endCompanySessions(ctx.db, c.id);
    return { company: await itemOf(ctx.db, c), sessionsEnded: ended };
  }),

  api('post', '/v2/company_kt/recover', { write: companyPolicy, body: CompanyIdBody, labels: COMPANY_LABELS }, async (ctx) => {
    const c = await ctx.find(companyPolicy, ctx.body.id, 'pf.company');
    const r = recover(c, today());
    if (typeof r === 'string') refuse(ctx, r);
    const log = await logRenewal(ctx, c, { kind: 'recover', days: r.days, before: r.before, after: r.after, remark: ctx.body.remark });
    await updateCompany(c, { status: 'active', disabledAt: undefined, validUntil: r.after });
    return { company: await itemOf(ctx.db, c), renewal: created(log) };
  }),

  /** The renewal log (renewals, recoveries, creation) of one company or all. */
  api('get', '/v2/company_kt/renew_log', { read: renewalPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), companyRenewals, ctx.scope(renewalPolicy), ctx.query, RENEWAL_LIST, ctx.lang);
    return { list: page.list.map(renewalOf), total: page.total };
  }),

  api('get', '/v2/company/', { read: companyPolicy }, async (ctx) => (await companiesIn(ctx.scope(companyPolicy))).map((c) => ({ value: c.id, label: c.name }))),

  api('post', '/v2/company/simple/', { write: companyPolicy, body: SimpleCompanyBody, labels: COMPANY_LABELS }, async (ctx): Promise<CompanyCreated> => {
    await assertNameFree(ctx, ctx.body.name);
    const passwords = await newOwnerPasswords(ctx.db, [ctx.body.ownerMobile]);
    await assertNameFree(ctx, ctx.body.name);
    const existed = (await userByMobile(ctx.body.ownerMobile)) !== undefined;
    const c = createCompany(ctx, ctx.db, { ...ctx.body, days: (await platformSettingsOf()).trialDays }, today(), passwords.get(ctx.body.ownerMobile)?.hash, await newCompanyId());
    await createCompanyCampus(ctx.db, c, ctx.body, passwords.get(ctx.body.ownerMobile)?.hash);
    await joinDefaultGroups(ctx.db, c);
    return { ...(await itemOf(ctx.db, c)), owner: await ownerResult(c, passwords, existed) };
  }),

  api('post', '/v2/company/modify_mobile', { write: companyPolicy, body: ModifyMobileBody, labels: COMPANY_LABELS }, async (ctx) => {
    const c = await ctx.find(companyPolicy, ctx.body.id, 'pf.company');
    const mobile = ctx.body.mobile;
    if (mobile === c.ownerMobile) refuse(ctx, 'company.mobileSame');
    const owner = (await ownerOf(c.id))?.user;
    if (await mobileTaken(mobile, owner?.id)) refuse(ctx, 'company.mobileTaken', { mobile });
    if (owner) await updateUser(owner, { mobile });
    // Every company this person owns shows the new number.
    await (await tx()).update(companies).set({ ownerMobile: mobile }).where(eq(companies.ownerMobile, c.ownerMobile));
    c.ownerMobile = mobile;
    return await itemOf(ctx.db, c);
  }),

  /** The Excel template's columns and an example row (the client builds the .xlsx). */
  api('get', '/v2/company/import_batch_excel', { read: companyPolicy }, () => TEMPLATE),

  /** The import itself: every row checked again, all created or none (400 naming the first bad row). */
  api('post', '/v2/company/import_batch_excel', { write: companyPolicy, body: ImportCompaniesBody, labels: COMPANY_LABELS }, async (ctx): Promise<CompaniesImported> => {
    const check = async () => {
      const checked = checkImportRows(ctx.body.rows, (await allCompanies()).map((c) => c.name));
      const bad = checked.find((r) => r.errors.length);
      if (bad) refuse(ctx, 'company.importRow', { row: bad.rowNo, errors: bad.errors.map((k) => ctx.t(k)).join('; ') });
      return checked;
    };
    const passwords = await newOwnerPasswords(ctx.db, (await check()).map((r) => r.value!.ownerMobile));
    // Checked again after the hashing (another call may have created a company meanwhile): all rows or none.
    const checked = await check();
    const made: CompanyListItem[] = [];
    const owners: NewCompanyOwner[] = [];
    for (const r of checked) {
      const existed = (await userByMobile(r.value!.ownerMobile)) !== undefined;
      const c = createCompany(ctx, ctx.db, r.value!, today(), passwords.get(r.value!.ownerMobile)?.hash, await newCompanyId());
      await createCompanyCampus(ctx.db, c, r.value!, passwords.get(r.value!.ownerMobile)?.hash);
      await joinDefaultGroups(ctx.db, c);
      made.push(await itemOf(ctx.db, c));
      owners.push(await ownerResult(c, passwords, existed));
    }
    return { created: made.length, companies: made, owners };
  }),

  /* packages */
  api('get', '/v2/package/list', { read: packagePolicy }, async (ctx) => {
    const t = await tx();
    const page = await sqlList(t, packages, ctx.scope(packagePolicy), ctx.query, PACKAGE_LIST, ctx.lang);
    const ids = page.list.map((p) => p.id);
    const counts = ids.length
      ? await t.select({ packageId: subscriptionOrders.packageId, n: sql<number>`count(*)::int` }).from(subscriptionOrders).where(inArray(subscriptionOrders.packageId, ids)).groupBy(subscriptionOrders.packageId)
      : [];
    const countOf = new Map(counts.map((x) => [x.packageId, Number(x.n)]));
    const list: AdminPackage[] = page.list.map((p) => ({ ...packageOf(p), orderCount: countOf.get(p.id) ?? 0 }));
    return { list, total: page.total };
  }),

  api('post', '/v2/package', { write: packagePolicy, body: PackageBody, labels: PACKAGE_LABELS }, async (ctx) => {
    const t = await tx();
    if ((await packageNames(t)).some((p) => p.name.toLowerCase() === ctx.body.name.toLowerCase())) refuse(ctx, 'package.nameTaken', { name: ctx.body.name });
    const [r] = await t.insert(packages).values(packageValues({ ...ctx.body, description: ctx.body.description ?? '' })).returning();
    return created(packageOf(r));
  }),

  api('put', '/v2/package', { write: packagePolicy, body: UpdatePackageBody, labels: PACKAGE_LABELS }, async (ctx) => {
    const p = await ctx.find(packagePolicy, ctx.body.id, 'pf.package');
    const t = await tx();
    if ((await packageNames(t)).some((x) => x.id !== p.id && x.name.toLowerCase() === ctx.body.name.toLowerCase())) refuse(ctx, 'package.nameTaken', { name: ctx.body.name });
    // Orders keep their own days and amount; a change applies to later orders.
    Object.assign(p, { ...ctx.body, description: ctx.body.description ?? '' });
    const { id: _id, ...values } = packageValues(p);
    await t.update(packages).set(values).where(eq(packages.id, p.id));
    return p;
  }),

  api<{ id: string }>('delete', '/v2/package/:id', { write: packagePolicy }, async (ctx) => {
    const p = await ctx.find(packagePolicy, Number(ctx.params.id), 'pf.package');
    const t = await tx();
    const [{ n }] = await t.select({ n: sql<number>`count(*)::int` }).from(subscriptionOrders).where(eq(subscriptionOrders.packageId, p.id));
    if (n > 0) refuse(ctx, 'package.used', { name: p.name, n: Number(n) });
    await t.delete(packages).where(eq(packages.id, p.id));
    return null;
  }),

  /* orders, settlements and online card orders of every company */
  api('get', '/v2/admin_order', { read: adminOrderPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), subscriptionOrders, ctx.scope(adminOrderPolicy), ctx.query, adminOrderList(ctx.lang), ctx.lang);
    return { list: await localOrders(page.list, ctx.lang), total: page.total };
  }),

  api('get', '/v2/admin_settlement', { read: adminSettlementPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), settlements, ctx.scope(adminSettlementPolicy), ctx.query, ADMIN_SETTLEMENT_LIST, ctx.lang);
    return { list: page.list.map(settlementOfRow), total: page.total };
  }),

  api('post', '/v2/admin_settlement/pay', { write: adminSettlementPolicy, body: CompanyIdBody, labels: { id: 'pf.settlement' } }, async (ctx) => {
    const row = await ctx.find(adminSettlementPolicy, ctx.body.id, 'pf.settlement');
    if (row.status !== 'pending') refuse(ctx, 'settlement.notPending');
    row.status = 'paid';
    row.paidAt = nowStamp();
    await (await tx()).update(settlements).set({ status: 'paid', paidAt: stampDate(row.paidAt) }).where(eq(settlements.id, row.id));
    return row;
  }),

  api('get', '/v2/admin_invoice', { read: adminInvoicePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), invoices, ctx.scope(adminInvoicePolicy), ctx.query, ADMIN_INVOICE_LIST, ctx.lang);
    return { list: page.list.map(invoiceOf), total: page.total };
  }),

  /** An invoice number is used once across the platform (a unique key holds it against a concurrent issue). */
  api('post', '/v2/admin_invoice/issue', { write: adminInvoicePolicy, body: InvoiceIssueBody, labels: { id: 'pf.invoice', invoiceNo: 'pf.invoiceNo' } }, async (ctx) => {
    const row = await ctx.find(adminInvoicePolicy, ctx.body.id, 'pf.invoice');
    if (row.status !== 'requested') refuse(ctx, 'invoice.notRequested');
    const no = ctx.body.invoiceNo ?? `FP${today().replace(/-/g, '')}${String(row.id).padStart(4, '0')}`;
    const t = await tx();
    if ((await t.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNo, no))).length) refuse(ctx, 'invoice.noTaken', { no });
    row.status = 'issued';
    row.invoiceNo = no;
    row.issuedAt = nowStamp();
    await t.update(invoices).set({ status: 'issued', invoiceNo: no, issuedAt: stampDate(row.issuedAt) }).where(eq(invoices.id, row.id));
    return row;
  }),

  api('post', '/v2/admin_invoice/reject', { write: adminInvoicePolicy, body: InvoiceRejectBody, labels: { id: 'pf.invoice', reason: 'pf.reason' } }, async (ctx) => {
    const row = await ctx.find(adminInvoicePolicy, ctx.body.id, 'pf.invoice');
    if (row.status !== 'requested') refuse(ctx, 'invoice.notRequested');
    row.status = 'rejected';
    row.rejectReason = ctx.body.reason;
    await (await tx()).update(invoices).set({ status: 'rejected', rejectReason: row.rejectReason }).where(eq(invoices.id, row.id));
    return row;
  }),

  api('get', '/v2/admin_student_order', { read: adminStudentOrderPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), onlineOrders, ctx.scope(adminStudentOrderPolicy), ctx.query, ADMIN_STUDENT_ORDER_LIST, ctx.lang);
    return { list: page.list.map(studentOrderOf), total: page.total };
  }),

  /* every login account across companies */
  api('get', '/v2/account_user', { read: accountPolicy }, async (ctx) => {
    const db = ctx.db;
    const sessions = await liveSessionCounts(Date.now(), SESSION_IDLE_MS, SESSION_MAX_MS);
    const names = new Map((await allCompanies()).map((c) => [c.id, c.name]));
    const t = await tx();
    const everyone = (await t.select().from(users).where(ctx.scope(accountPolicy)).orderBy(asc(users.id))).map(userRowOf);
    const byUser = new Map<number, MembershipRow[]>();
    for (const r of await t.select().from(memberships).orderBy(asc(memberships.roleId))) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), membershipRowOf(r)]);
    const rows: PlatformUserAccount[] = everyone.map((u) => {
      const theirs = (byUser.get(u.id) ?? [])
        .map((m) => ({ companyId: m.companyId, companyName: names.get(m.companyId) ?? '', role: m.role, owner: m.type === 0 }));
      return { id: u.id, username: u.username, name: u.name, mobile: u.mobile, companies: theirs, companyNames: theirs.map((c) => c.companyName).join(', '), roles: [...new Set(theirs.map((c) => c.role))].join(','), sessions: sessions.get(u.id) ?? 0 };
    });
    return listQuery(rows, ctx.query, {
      keywordFields: ['username', 'name', 'mobile', 'companyNames'],
      filters: {
        role: (r, v) => r.companies.some((c) => c.role === v),
        companyId: (r, v) => r.companies.some((c) => String(c.companyId) === v),
      },
      sortable: ['username', 'name', 'sessions'],
      defaultSort: { field: 'id' as keyof PlatformUserAccount, order: 'ascend' },
    }, ctx.lang);
  }),

  /* platform settings and the service contact (docs/api.md#calls-named-by-the-spec GET /v2/company_role/service reads the latter) */
  api('get', '/v2/platform_setting', { read: platformSettingsPolicy }, async () => ({ settings: await platformSettingsOf(), serviceContact: await serviceContactOf() })),

  api('put', '/v2/platform_setting', { write: platformSettingsPolicy, body: PlatformSettingsBody, labels: SETTING_LABELS }, async (ctx) => {
    const row = await ctx.find(platformSettingsPolicy, 1);
    Object.assign(row, { ...ctx.body, welcomeNote: ctx.body.welcomeNote ?? '' });
    const { id: _id, ...values } = row;
    await (await tx()).update(platformSettings).set(values).where(eq(platformSettings.id, 1));
    return row;
  }),

  api('put', '/v2/company_role/service', { write: serviceContactPolicy, body: ServiceContactBody, labels: SETTING_LABELS }, async (ctx) => {
    const row = await ctx.find(serviceContactPolicy, 1);
    Object.assign(row, ctx.body);
    await (await tx()).update(serviceContact).set({ name: row.name, phone: row.phone, wechat: row.wechat }).where(eq(serviceContact.id, 1));
    return row;
  }),

  /** The users' feedback (/cool), the same rows as /user/feedback/opinion-fill: what a user sends shows here. */
  api('get', '/v2/platform/feedback', { read: overviewPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), feedback, undefined, ctx.query, PLATFORM_FEEDBACK_LIST, ctx.lang);
    return { list: page.list.map(feedbackLine), total: page.total };
  }),

  api('get', '/v2/platform/overview', { read: overviewPolicy }, async (ctx): Promise<PlatformOverview> => {
    const newest = await (await tx()).select().from(feedback).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(5);
    const t = today();
    const subscribing = await companiesIn(ctx.scope(overviewPolicy));
    const byState = { active: 0, expiring: 0, expired: 0, disabled: 0 } as PlatformOverview['byState'];
    for (const c of subscribing) byState[companyState(c, t)] += 1;
    const months: PlatformOverview['revenueByMonth'] = [];
    for (let i = 11; i >= 0; i -= 1) {
      const d = new Date(`${t.slice(0, 7)}-01T00:00:00`);
      d.setMonth(d.getMonth() - i);
      months.push({ month: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`, amount: 0, orders: 0 });
    }
    let paidThisYear = 0;
    // The paid orders of the months shown and of this year.
    const since = [`${months[0].month}-01`, `${t.slice(0, 4)}-01-01`].sort()[0];
    const paid = await (await tx())
      .select({ amount: subscriptionOrders.amount, paidAt: subscriptionOrders.paidAt })
      .from(subscriptionOrders)
      .where(and(eq(subscriptionOrders.status, 'paid'), gte(subscriptionOrders.paidAt, localDay(since))))
      .orderBy(asc(subscriptionOrders.id));
    for (const row of paid) {
      const o = { amount: row.amount, paidAt: stampOf(row.paidAt!) };
      const m = months.find((x) => x.month === o.paidAt.slice(0, 7));
      if (m) {
        m.amount = Math.round((m.amount + o.amount) * 100) / 100;
        m.orders += 1;
      }
      if (o.paidAt.slice(0, 4) === t.slice(0, 4)) paidThisYear += o.amount;
    }
    return {
      byState,
      expiring: {
        within7: subscribing.filter((c) => expiresWithin(c, t, 7)).length,
        within30: subscribing.filter((c) => expiresWithin(c, t, 30)).length,
        within90: subscribing.filter((c) => expiresWithin(c, t, 90)).length,
      },
      revenueByMonth: months,
      newestFeedback: newest.map(feedbackLine),
      totals: { companies: subscribing.length, students: [...(await studentCounts()).values()].reduce((a, b) => a + b, 0), paidThisYear: Math.round(paidThisYear * 100) / 100 },
    };
  }),
];
