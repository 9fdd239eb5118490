/**
 * Notices to parents, message templates, platform bulletins and feedback (docs/rules.md#notices-and-notifications, docs/screens.md#teaching-and-communication).
 * Notices resolve their receivers once, at send time (`resolveSegment`, the dashboard's rule), and keep that
 * snapshot; each receiver's parent account gets the notice in its inbox (./notify.ts `deliver`), and the read counts
 * come from those inboxes. Scheduled notices are delivered when their time has come (checked on every read).
 */
import type { Db, SqlSeeder } from '../db';
import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { tx, type Database } from '../../server/db';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { bulletinReads, bulletins, feedback, inbox, messageTemplates, noticeReceivers, notices, studentCards } from '../../server/db/schema';
import { nextId } from '../db';
import { settingsOf } from './companySettings';
import { api, companyCampuses, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { campusById } from './campusRows';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { addDays, nowStamp, today } from '../clock';
import type { Access } from '../../src/access';
import type { Bulletin, Feedback, FeedbackCategory, MessageTemplate, Notice, NoticeReceiver } from '../../src/types/notice';
import type { Student } from '../../src/types/school';
import { parseTemplate, renderTemplate, type TemplateValues } from '../../src/domain/templates';
import { resolveSegment, type SegmentChoice } from '../../src/domain/receivers';
import { BulletinBody, FeedbackBody, IdBody, NoticeBody, ReceiverChoice, TemplateBody } from '../../src/types/notice.schemas';
import { classRows, studentRows } from './teachingScope';
import { cardStatusSql, renewalDueOf, renewalRowsOf, type RenewalRow } from './cardLists';
import { studentCardPolicy, studentPolicy, visibleStudentIds } from './schoolPolicies';
import { findStudent, loadCompanyStudents } from './studentRows';
import { operatorOf } from './school';
import { classesOf } from './schoolRows';
import { inboxValues, notifyStaff, parentUsersOf, type NewMessage } from './notify';
import { updateUser } from './people';
import { created } from './audit';
import { checkImageDataUrl } from '../../src/domain/upload';
import { z } from '../../src/types/schema';
import { posterSources } from './customerExtra';
import { presentCount } from './scheduleRows';
import { loadCompanyLessons, lessonsOf } from './lessonRows';

/** A notice with its receivers (as they were when it was written). */
interface NoticeRow extends Omit<Notice, 'receiverCount' | 'readCount'> {
  receivers: Omit<NoticeReceiver, 'readAt'>[];
}

defineMessages({
  'notice.template': { en: 'Template', zh: '模板' },
  'notice.notice': { en: 'Notice', zh: '通知' },
  'notice.bulletin': { en: 'Bulletin', zh: '公告' },
  'notice.unknownVars': { en: '{n, plural, one {Unknown variable} other {Unknown variables}}: {names}. Use only {known}.', zh: '未知变量：{names}。只能使用 {known}。' },
  'notice.noReceivers': { en: 'No receivers: the chosen segment has no students.', zh: '没有接收人：所选范围内没有学员。' },
  'notice.needClasses': { en: 'Choose at least one class.', zh: '请至少选择一个班级。' },
  'notice.needStudents': { en: 'Choose at least one student.', zh: '请至少选择一名学员。' },
  'notice.badSendAt': { en: 'The send time must be in the future.', zh: '发送时间须为将来的时间。' },
  'notice.nameTaken': { en: 'A template named {name} already exists.', zh: '已存在名为 {name} 的模板。' },
  'bulletin.badWindow': { en: 'The end date must not be before the start date.', zh: '结束日期不能早于开始日期。' },
  'feedback.notImage': { en: 'The screenshot must be a PNG, JPEG, GIF or WebP image.', zh: '截图必须是 PNG、JPEG、GIF 或 WebP 图片。' },
  'feedback.tooLarge': { en: 'The screenshot must be at most 2 MB.', zh: '截图不能超过 2 MB。' },
  'field.scene': { en: 'Scene', zh: '场景' },
  'field.text': { en: 'Text', zh: '内容' },
  'field.segment': { en: 'Receivers', zh: '接收人' },
  'field.sendAt': { en: 'Send time', zh: '发送时间' },
  'field.templateId': { en: 'Template', zh: '模板' },
  'field.body': { en: 'Body', zh: '正文' },
  'field.pinned': { en: 'Pinned', zh: '置顶' },
  'field.category': { en: 'Category', zh: '类别' },
  'field.screenshot': { en: 'Screenshot', zh: '截图' },
});

/* ---------------- access ---------------- */

const platformWriter = (a: Access) => a.isPlatform;

type BulletinRow = Omit<Bulletin, 'read'>;

function templateOf(r: typeof messageTemplates.$inferSelect): MessageTemplate {
  return { id: r.id, companyId: r.companyId, name: r.name, scene: r.scene, text: r.text, updatedAt: stampOf(r.updatedAt), updatedBy: r.updatedBy };
}
function bulletinOf(r: typeof bulletins.$inferSelect): BulletinRow {
  return { id: r.id, title: r.title, body: r.body, startDate: r.startDate, endDate: r.endDate, pinned: r.pinned, authorName: r.authorName, createdAt: stampOf(r.createdAt) };
}
function feedbackOf(r: typeof feedback.$inferSelect): Feedback {
  const row: Feedback = { id: r.id, companyId: r.companyId, companyName: r.companyName, userId: r.userId, userName: r.userName, category: r.category, text: r.text, createdAt: stampOf(r.createdAt) };
  if (r.screenshot !== null) row.screenshot = r.screenshot;
  return row;
}

export const templatePolicy = definePolicy<MessageTemplate>({
  name: 'message templates',
  read: notifyStaff,
  write: notifyStaff,
  where: (s) => eq(messageTemplates.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(messageTemplates).where(and(eq(messageTemplates.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && templateOf(r);
  },
});
/**
 * Notices: the company's, and for a caller whose student list is narrowed (teachers: their classes; a permission
 * group's data scope) only those reaching at least one of their students; such a caller sees those receivers only
 * (names, mobiles, texts, counts), never the parents of students outside their list (`receiversOf`).
 */
export const noticePolicy = definePolicy<NoticeRow>({
  name: 'notices',
  read: notifyStaff,
  write: notifyStaff,
  where: (s, db) => {
    const visible = visibleStudentIds(db, s);
    const company = eq(notices.companyId, s.company.id);
    if (!visible) return company;
    return and(company, visible.size ? sql`exists (select 1 from ${noticeReceivers} where ${noticeReceivers.noticeId} = ${notices.id} and ${inArray(noticeReceivers.studentId, [...visible])})` : sql`false`);
  },
  find: async (id, scope) => {
    const [n] = await (await tx()).select().from(notices).where(and(eq(notices.id, id), scope));
    if (!n) return undefined;
    const receivers = await (await tx()).select().from(noticeReceivers).where(eq(noticeReceivers.noticeId, n.id)).orderBy(asc(noticeReceivers.position));
    return { ...noticeOf(n), receivers: receivers.map(({ studentId, studentName, parentName, mobile, text }) => ({ studentId, studentName, parentName, mobile, text })) };
  },
});
/** Bulletins: every signed-in user reads those in their window; platform roles write (and see all). */
export const bulletinPolicy = definePolicy<BulletinRow>({
  name: 'bulletins',
  read: 'loggedIn',
  write: platformWriter,
  where: (s) => (s.access.isPlatform ? undefined : and(lte(bulletins.startDate, today()), gte(bulletins.endDate, today()))),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(bulletins).where(and(eq(bulletins.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && bulletinOf(r);
  },
});
export const feedbackPolicy = definePolicy<Feedback>({ name: 'feedback', read: platformWriter, where: () => undefined });

/* ---------------- receivers and rendering ---------------- */

/** A template's values for a receiver; `active` maps the receivers to their usable cards (`activeCardsOf`). */
function valuesFor(db: Db, s: Session, st: Student, active: Map<number, RenewalRow[]>): TemplateValues {
  const cls = classesOf(db, st.companyId).find((c) => st.classIds.includes(c.id));
  const cards = active.get(st.id) ?? [];
  const hours = cards.filter((c) => c.kind === 'count').reduce((n, c) => n + c.remainingHours, 0);
  const expiry = cards.map((c) => c.expiryDate).sort()[0];
  const now = today();
  const lesson = lessonsOf(db, st.companyId)
    .filter((l) => st.classIds.includes(l.classId) && l.date >= now && l.status !== 'cancelled')
    .sort((a, b) => (a.date + a.start < b.date + b.start ? -1 : 1))[0];
  return {
    studentName: st.name,
    className: cls?.name ?? '',
    remainingHours: Math.round(hours * 10) / 10,
    expiryDate: expiry ?? '',
    lessonTime: lesson ? `${lesson.date} ${lesson.start}` : '',
    campusName: campusById(db, st.campusId)?.name ?? '',
    companyName: s.company.name,
  };
}

async function resolve(ctx: AuthedCtx, choice: SegmentChoice): Promise<Student[]> {
  // Their next lesson fills a template's {lessonTime} (`valuesFor`).
  await loadCompanyLessons(ctx.session.company.id);
  if (choice.segment === 'classes') {
    if (!choice.classIds?.length) throw ctx.bad('notice.needClasses');
    const mine = new Set(classRows(ctx.db, ctx.session).map((c) => c.id));
    choice.classIds.forEach((id) => {
      if (!mine.has(id)) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('field.classId') }));
    });
  }
  if (choice.segment === 'students' && !choice.studentIds?.length) throw ctx.bad('notice.needStudents');
  await loadCompanyStudents(ctx.db, ctx.session.company.id);
  // The running-low and expiring segments: the cards due for renewal in the caller's scope (all the usable cards of
  // the students due, from which `resolveSegment` takes its students by the same rule).
  const t = today();
  const settings = settingsOf(ctx.db, ctx.session.company.id);
  const cards = choice.segment === 'low' || choice.segment === 'expiring' ? (await renewalDueOf(ctx.scope(studentCardPolicy), t, settings)).map((d) => d.card) : [];
  return resolveSegment(choice, studentRows(ctx.db, ctx.session), cards, t, settings);
}

/** The usable cards (status active today) of the receivers, by student. */
async function activeCardsOf(companyId: number, studentIds: number[]): Promise<Map<number, RenewalRow[]>> {
  const t = today();
  const out = new Map<number, RenewalRow[]>();
  if (!studentIds.length) return out;
  // Many receivers (a notice to every student): the company's usable cards, kept for the receivers.
  const few = studentIds.length <= 1000;
  const wanted = new Set(studentIds);
  const rows = await renewalRowsOf(and(eq(studentCards.companyId, companyId), few ? inArray(studentCards.studentId, studentIds) : undefined, sql`${cardStatusSql(t)} = 'active'`), t);
  for (const r of rows) if (few || wanted.has(r.studentId)) out.set(r.studentId, [...(out.get(r.studentId) ?? []), r]);
  return out;
}

function checkTemplateText(ctx: AuthedCtx, text: string) {
  const { unknown } = parseTemplate(text);
  if (unknown.length) {
    throw ctx.bad('notice.unknownVars', {
      n: unknown.length,
      names: unknown.map((u) => `{${u}}`).join(', '),
      known: '{studentName} {className} {remainingHours} {expiryDate} {lessonTime} {campusName} {companyName}',
    });
  }
}

/** A notice's row as the API shows it (without counts): sent once its time has come. */
function noticeOf(n: typeof notices.$inferSelect): Omit<NoticeRow, 'receivers'> {
  const sendAt = stampOf(n.sendAt);
  const row: Omit<NoticeRow, 'receivers'> = { id: n.id, companyId: n.companyId, title: n.title, text: n.text, segment: n.segment, classIds: n.classIds, sendAt, status: sendAt <= nowStamp() ? 'sent' : 'scheduled', senderName: n.senderName, createdAt: stampOf(n.createdAt) };
  if (n.templateId !== null) row.templateId = n.templateId;
  return row;
}

/** The receivers a caller may see: those of their student list (undefined = every student). */
function receiverScope(visible: Set<number> | undefined): SQL | undefined {
  if (!visible) return undefined;
  return visible.size ? inArray(noticeReceivers.studentId, [...visible]) : sql`false`;
}

/**
 * When each receiver's parent read the notice (the first read of its message for that student), as a subquery of a
 * select from notice_receivers (named in full: drizzle leaves a lone table's columns unqualified, which inside the
 * subquery would name the inbox's own).
 */
const readAtOf = sql<Date | null>`(select min(m.read_at) from ${inbox} m where m.notice_id = "notice_receivers"."notice_id" and m.student_id = "notice_receivers"."student_id")`;

/** Receiver and read counts of notices, over the receivers the caller may see. */
async function countsOf(ids: number[], visible: Set<number> | undefined): Promise<Map<number, { receivers: number; read: number }>> {
  if (!ids.length) return new Map();
  const rows = await (await tx())
    .select({ id: noticeReceivers.noticeId, receivers: count(), read: sql<number>`count(${readAtOf})::int` })
    .from(noticeReceivers)
    .where(and(inArray(noticeReceivers.noticeId, ids), receiverScope(visible)))
    .groupBy(noticeReceivers.noticeId);
  return new Map(rows.map((r) => [r.id, { receivers: r.receivers, read: r.read }]));
}

/** The receivers of one notice the caller may see, with their read state. */
async function readState(id: number, visible: Set<number> | undefined): Promise<NoticeReceiver[]> {
  const rows = await (await tx())
    .select({ studentId: noticeReceivers.studentId, studentName: noticeReceivers.studentName, parentName: noticeReceivers.parentName, mobile: noticeReceivers.mobile, text: noticeReceivers.text, readAt: readAtOf })
    .from(noticeReceivers)
    .where(and(eq(noticeReceivers.noticeId, id), receiverScope(visible)))
    .orderBy(asc(noticeReceivers.position));
  return rows.map(({ readAt, ...r }) => (readAt ? { ...r, readAt: stampOf(new Date(readAt)) } : r));
}

/**
 * Writes a notice, its receivers and, for each receiver whose parent has an account, the inbox message, dated at
 * the send time: the inbox shows it from then on (a scheduled notice is delivered by time, not by a later write).
 */
async function writeNotice(t: Database, db: Db, n: Omit<NoticeRow, 'id' | 'status'>): Promise<number> {
  const [row] = await t
    .insert(notices)
    .values({ companyId: n.companyId, title: n.title, text: n.text, templateId: n.templateId ?? null, segment: n.segment, classIds: n.classIds, sendAt: stampDate(n.sendAt), senderName: n.senderName, createdAt: stampDate(n.createdAt) })
    .returning({ id: notices.id });
  if (n.receivers.length) await t.insert(noticeReceivers).values(n.receivers.map((r, position) => ({ ...r, companyId: n.companyId, noticeId: row.id, position })));
  const messages: NewMessage[] = [];
  const parents = await parentUsersOf(n.companyId, n.receivers.map((r) => ({ id: r.studentId, mobile: r.mobile })), t);
  for (const r of n.receivers) {
    const userId = parents.get(r.studentId);
    if (userId !== undefined) messages.push({ companyId: n.companyId, userId, kind: 'notice', noticeId: row.id, studentId: r.studentId, title: n.title, text: r.text, values: { studentId: r.studentId }, studentName: r.studentName, createdAt: n.sendAt });
  }
  if (messages.length) await t.insert(inbox).values(messages.map(inboxValues));
  return row.id;
}

/* ---------------- seed ---------------- */

const TEMPLATES: [string, MessageTemplate['scene'], string][] = [
  ['课时不足提醒', 'renewal', '{studentName}家长您好，{studentName}在{campusName}的剩余课时为 {remainingHours} 课时，为不影响上课，请及时续费。—— {companyName}'],
  ['课时卡到期提醒', 'renewal', '{studentName}家长您好，课时卡将于 {expiryDate} 到期，请合理安排上课时间。'],
  ['上课提醒', 'lesson', '{studentName}家长您好，{className}的下一节课在 {lessonTime}，请准时到{campusName}上课。'],
  ['节假日放假通知', 'holiday', '各位家长好，节假日期间{campusName}暂停上课，具体补课时间另行通知。祝节日快乐！'],
  ['作业提醒', 'homework', '{studentName}家长您好，{className}本周作业已布置，请督促孩子按时完成。'],
];

/** One sent notice to a Starlight class, a week ago. */
export const seedNotices: SqlSeeder = async (sql, db) => {
  const t = today();
  const cls = db.seedClasses.find((c) => c.companyId === 2 && c.status === 'open');
  if (!cls) return;
  const students = db.seedStudents.filter((s) => s.classIds.includes(cls.id));
  const text = '{studentName}家长您好，本周六{className}照常上课，请提前 10 分钟到达。';
  const sendAt = `${addDays(t, -7)} 18:00:00`;
  await writeNotice(sql, db, {
    companyId: 2,
    title: '周六上课提醒',
    text,
    segment: 'classes',
    classIds: [cls.id],
    sendAt,
    senderName: '周晓彤',
    createdAt: sendAt,
    receivers: students.map((s) => ({ studentId: s.id, studentName: s.name, parentName: s.parentName, mobile: s.mobile, text: renderTemplate(text, { studentName: s.name, className: cls.name }) })),
  });
};

/** Templates, bulletins (read already by every demo account: the banner shows only newer ones) and one feedback. */
export const seedMessages: SqlSeeder = async (sql, db) => {
  const t = today();
  for (const companyId of [2, 3]) {
    await sql.insert(messageTemplates).values(
      TEMPLATES.map(([name, scene, text], i) => ({ companyId, name, nameSort: sortKey(name), scene, text, updatedAt: stampDate(`${addDays(t, -30 + i)} 10:00:00`), updatedBy: companyId === 2 ? '周晓彤' : '何梦琪' })),
    );
  }
  const seeded = await sql
    .insert(bulletins)
    .values([
      { title: '系统升级通知 / Scheduled maintenance', body: '本周日 02:00–04:00 系统升级维护，期间可能无法登录。\nThe console will be under maintenance on Sunday 02:00–04:00.', startDate: addDays(t, -10), endDate: addDays(t, 20), pinned: true, authorName: '林思远', createdAt: stampDate(`${addDays(t, -10)} 09:00:00`) },
      { title: '新功能：作业与成绩', body: '老师现在可以在“作业管理”中布置作业、批改打星，并在“成绩管理”中录入考试成绩、查看统计。', startDate: addDays(t, -30), endDate: addDays(t, 60), pinned: false, authorName: '孙明轩', createdAt: stampDate(`${addDays(t, -30)} 09:00:00`) },
    ])
    .returning({ id: bulletins.id });
  await sql.insert(bulletinReads).values(db.seedUsers.flatMap((u) => seeded.map((b) => ({ bulletinId: b.id, userId: u.id }))));
  await sql.insert(feedback).values({ companyId: 2, companyName: 'Starlight Dance', userId: 3, userName: '陈嘉怡', category: 'suggestion', text: '希望排课表可以按老师导出 Excel。', createdAt: stampDate(`${addDays(t, -3)} 15:20:00`) });
  // What owners across the platform sent (the platform's overview and /cool list these rows, as every feedback).
  const notes: [string, FeedbackCategory][] = [
    ['希望课表可以导出成图片发给家长。', 'suggestion'],
    ['Could the roll call remember the last class I opened?', 'suggestion'],
    ['续费提醒很有用，但希望提前 60 天。', 'suggestion'],
    ['The poster editor needs more fonts for Chinese titles.', 'suggestion'],
    ['学员多了以后列表加载有点慢。', 'bug'],
    ['Please add a WeChat payment QR code on the renewal page.', 'suggestion'],
    ['能否支持按校区查看营收？', 'suggestion'],
    ['Parents ask for an English version of the homework page.', 'suggestion'],
    ['排课冲突提示非常清楚，谢谢！', 'other'],
    ['We need a way to merge duplicate students.', 'suggestion'],
    ['希望工资条可以批量下载。', 'suggestion'],
    ['The trial class booking link works great on phones.', 'other'],
  ];
  const companies = db.seedCompanies.filter((c) => !c.platform);
  await sql.insert(feedback).values(
    notes.map(([text, category], i) => {
      const c = companies[(i * 7) % companies.length];
      const owner = db.seedMemberships.find((m) => m.companyId === c.id && m.type === 0) ?? db.seedMemberships.find((m) => m.companyId === c.id && m.role === 'dealer');
      const user = db.seedUsers.find((u) => u.id === owner?.userId);
      return { companyId: c.id, companyName: c.name, userId: user?.id ?? 0, userName: user?.name ?? '', category, text, createdAt: stampDate(`${addDays(t, -i * 3 - 1)} ${String(9 + (i % 9)).padStart(2, '0')}:15:00`) };
    }),
  );
};

/* ---------------- calls ---------------- */

const TEMPLATE_LIST: SqlListSpec = {
  keyword: [messageTemplates.name, messageTemplates.text],
  equal: { scene: messageTemplates.scene },
  sortable: { name: sql`${messageTemplates.nameSort} collate "C"`, updatedAt: messageTemplates.updatedAt },
  defaultSort: { field: 'updatedAt', order: 'descend' },
  tiebreak: [asc(messageTemplates.id)],
};
const BULLETIN_LIST: SqlListSpec = {
  keyword: [bulletins.title, bulletins.body],
  sortable: { createdAt: bulletins.createdAt, startDate: bulletins.startDate },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(bulletins.id)],
};
/** Status is derived from the send time: `sent` once it has come. */
const NOTICE_LIST: SqlListSpec = {
  keyword: [notices.title, notices.text],
  equal: { segment: notices.segment },
  filters: {
    status: (v) => {
      const now = stampDate(nowStamp());
      const wanted = v.split(',');
      const conds = [wanted.includes('sent') ? lte(notices.sendAt, now) : undefined, wanted.includes('scheduled') ? gt(notices.sendAt, now) : undefined].filter((c): c is SQL => !!c);
      return conds.length ? or(...conds) : sql`false`;
    },
  },
  date: notices.sendAt,
  sortable: { sendAt: notices.sendAt, createdAt: notices.createdAt },
  defaultSort: { field: 'sendAt', order: 'descend' },
  tiebreak: [desc(notices.id)],
};
const FEEDBACK_LIST: SqlListSpec = {
  keyword: [feedback.text, feedback.userName, feedback.companyName],
  equal: { category: feedback.category },
  sortable: { createdAt: feedback.createdAt },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(feedback.id)],
};

/** A template name not yet used in the company (the unique constraint holds it too). */
async function nameFree(ctx: AuthedCtx, name: string, except?: number) {
  const [taken] = await (await tx())
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.companyId, ctx.session.company.id), eq(messageTemplates.name, name), except === undefined ? undefined : ne(messageTemplates.id, except)));
  if (taken) throw ctx.bad('notice.nameTaken', { name });
}

/** Which of these bulletins the user has read. */
async function readBulletins(userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await (await tx()).select({ id: bulletinReads.bulletinId }).from(bulletinReads).where(and(eq(bulletinReads.userId, userId), inArray(bulletinReads.bulletinId, ids)));
  return new Set(rows.map((r) => r.id));
}

const AvatarBody = z.object({ avatar: z.string().max(3_000_000) });
const PreviewBody = ReceiverChoice.extend({ text: NoticeBody.shape.text.optional() });

export const noticeHandlers = [
  /* templates */
  api('get', '/v2/message_template', { read: templatePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), messageTemplates, ctx.scope(templatePolicy), ctx.query, TEMPLATE_LIST, ctx.lang);
    return { list: page.list.map(templateOf), total: page.total };
  }),
  api('post', '/v2/message_template', { write: templatePolicy, body: TemplateBody }, async (ctx) => {
    checkTemplateText(ctx, ctx.body.text);
    await nameFree(ctx, ctx.body.name);
    const [r] = await (await tx())
      .insert(messageTemplates)
      .values({ companyId: ctx.session.company.id, name: ctx.body.name, nameSort: sortKey(ctx.body.name), scene: ctx.body.scene, text: ctx.body.text, updatedAt: stampDate(nowStamp()), updatedBy: operatorOf(ctx.db, ctx.session).name })
      .returning();
    return created(templateOf(r));
  }),
  api('put', '/v2/message_template', { write: templatePolicy, body: TemplateBody }, async (ctx) => {
    const row = await ctx.find(templatePolicy, ctx.body.id ?? NaN, 'notice.template');
    checkTemplateText(ctx, ctx.body.text);
    await nameFree(ctx, ctx.body.name, row.id);
    Object.assign(row, { name: ctx.body.name, scene: ctx.body.scene, text: ctx.body.text, updatedAt: nowStamp(), updatedBy: operatorOf(ctx.db, ctx.session).name });
    await (await tx())
      .update(messageTemplates)
      .set({ name: row.name, nameSort: sortKey(row.name), scene: row.scene, text: row.text, updatedAt: stampDate(row.updatedAt), updatedBy: row.updatedBy })
      .where(eq(messageTemplates.id, row.id));
    return row;
  }),
  api<{ id: string }>('delete', '/v2/message_template/:id', { write: templatePolicy }, async (ctx) => {
    const row = await ctx.find(templatePolicy, Number(ctx.params.id), 'notice.template');
    await (await tx()).delete(messageTemplates).where(eq(messageTemplates.id, row.id));
    return null;
  }),

  /** The receivers of a choice (ReceiverModal: count and list) and, with a text, the preview for the first one. */
  api('post', '/v2/notice/receivers', { read: noticePolicy, body: PreviewBody }, async (ctx) => {
    const students = await resolve(ctx, ctx.body);
    if (ctx.body.text) checkTemplateText(ctx, ctx.body.text);
    const first = students[0];
    return {
      total: students.length,
      list: students.slice(0, 200).map((s) => ({ studentId: s.id, studentName: s.name, parentName: s.parentName, mobile: s.mobile })),
      preview: first && ctx.body.text ? renderTemplate(ctx.body.text, valuesFor(ctx.db, ctx.session, first, await activeCardsOf(ctx.session.company.id, [first.id]))) : undefined,
    };
  }),

  /* notices */
  api('get', '/v2/notice', { read: noticePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), notices, ctx.scope(noticePolicy), ctx.query, NOTICE_LIST, ctx.lang);
    const counts = await countsOf(page.list.map((n) => n.id), visibleStudentIds(ctx.db, ctx.session));
    return { list: page.list.map((n) => ({ ...noticeOf(n), receiverCount: counts.get(n.id)?.receivers ?? 0, readCount: counts.get(n.id)?.read ?? 0 })), total: page.total };
  }),

  api('post', '/v2/notice', { write: noticePolicy, body: NoticeBody }, async (ctx) => {
    const { db, body } = ctx;
    checkTemplateText(ctx, body.text);
    if (body.templateId !== undefined) await ctx.find(templatePolicy, body.templateId, 'notice.template');
    const now = nowStamp();
    let sendAt = now;
    if (body.sendAt) {
      // The schema refused impossible moments (optDateTime); the send time must still be ahead.
      sendAt = `${body.sendAt}:00`;
      if (sendAt <= now) throw ctx.bad('notice.badSendAt');
    }
    const students = await resolve(ctx, body);
    if (!students.length) throw ctx.bad('notice.noReceivers');
    const active = await activeCardsOf(ctx.session.company.id, students.map((s) => s.id));
    const row: Omit<NoticeRow, 'id' | 'status'> = {
      companyId: ctx.session.company.id,
      title: body.title,
      text: body.text,
      templateId: body.templateId,
      segment: body.segment,
      classIds: body.segment === 'classes' ? body.classIds ?? [] : [],
      sendAt,
      senderName: operatorOf(db, ctx.session).name,
      createdAt: now,
      receivers: students.map((s) => ({ studentId: s.id, studentName: s.name, parentName: s.parentName, mobile: s.mobile, text: renderTemplate(body.text, valuesFor(db, ctx.session, s, active)) })),
    };
    const id = await writeNotice(await tx(), db, row);
    const counts = await countsOf([id], undefined);
    const [written] = await (await tx()).select().from(notices).where(eq(notices.id, id));
    return { ...noticeOf(written), receiverCount: counts.get(id)?.receivers ?? 0, readCount: counts.get(id)?.read ?? 0 };
  }),

  /** NoticeContentModal: the text, the counts and every receiver with its read state. */
  api<{ id: string }>('get', '/v2/notice/:id', { read: noticePolicy }, async (ctx) => {
    const n = await ctx.find(noticePolicy, Number(ctx.params.id), 'notice.notice');
    const visible = visibleStudentIds(ctx.db, ctx.session);
    const receivers = await readState(n.id, visible);
    const { receivers: all, ...rest } = n;
    void all;
    return { notice: { ...rest, receiverCount: receivers.length, readCount: receivers.filter((r) => r.readAt).length }, receivers };
  }),

  /* bulletins */
  api('get', '/v2/system_bulletin', { read: bulletinPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), bulletins, ctx.scope(bulletinPolicy), ctx.query, BULLETIN_LIST, ctx.lang);
    const reads = await readBulletins(ctx.session.user.id, page.list.map((b) => b.id));
    return { list: page.list.map((b) => ({ ...bulletinOf(b), read: reads.has(b.id) })), total: page.total };
  }),
  /** The newest unread bulletin in its window (the dashboard banner), or null. */
  api('get', '/v2/system_bulletin/unread', { read: bulletinPolicy }, async (ctx) => {
    const d = today();
    const [r] = await (await tx())
      .select()
      .from(bulletins)
      .where(and(ctx.scope(bulletinPolicy), lte(bulletins.startDate, d), gte(bulletins.endDate, d), sql`not exists (select 1 from ${bulletinReads} where ${bulletinReads.bulletinId} = ${bulletins.id} and ${bulletinReads.userId} = ${ctx.session.user.id})`))
      .orderBy(desc(bulletins.id))
      .limit(1);
    return r ? bulletinOf(r) : null;
  }),
  api('post', '/v2/system_bulletin/read', { read: bulletinPolicy, body: IdBody }, async (ctx) => {
    const b = await ctx.find(bulletinPolicy, ctx.body.id, 'notice.bulletin');
    await (await tx()).insert(bulletinReads).values({ bulletinId: b.id, userId: ctx.session.user.id }).onConflictDoNothing();
    return null;
  }),
  api('post', '/v2/system_bulletin', { write: bulletinPolicy, body: BulletinBody }, async (ctx) => {
    const b = ctx.body;
    if (b.endDate < b.startDate) throw ctx.bad('bulletin.badWindow');
    const [r] = await (await tx())
      .insert(bulletins)
      .values({ title: b.title, body: b.body, startDate: b.startDate, endDate: b.endDate, pinned: b.pinned, authorName: ctx.session.user.name, createdAt: stampDate(nowStamp()) })
      .returning();
    return created(bulletinOf(r));
  }),
  api('put', '/v2/system_bulletin', { write: bulletinPolicy, body: BulletinBody }, async (ctx) => {
    const row = await ctx.find(bulletinPolicy, ctx.body.id ?? NaN, 'notice.bulletin');
    const b = ctx.body;
    if (b.endDate < b.startDate) throw ctx.bad('bulletin.badWindow');
    Object.assign(row, { title: b.title, body: b.body, startDate: b.startDate, endDate: b.endDate, pinned: b.pinned });
    await (await tx()).update(bulletins).set({ title: b.title, body: b.body, startDate: b.startDate, endDate: b.endDate, pinned: b.pinned }).where(eq(bulletins.id, row.id));
    return row;
  }),
  api<{ id: string }>('delete', '/v2/system_bulletin/:id', { write: bulletinPolicy }, async (ctx) => {
    const row = await ctx.find(bulletinPolicy, Number(ctx.params.id), 'notice.bulletin');
    // Its reads go with it (foreign key, on delete cascade).
    await (await tx()).delete(bulletins).where(eq(bulletins.id, row.id));
    return null;
  }),

  /* posters: what a poster is filled with */
  api('get', '/v2/poster/info', { read: templatePolicy }, async (ctx) => {
    const cid = ctx.session.company.id;
    const { forms, merchants } = await posterSources(cid);
    return {
      companyName: ctx.session.company.name,
      // The company's own logo (issue 31: never the app's); none: the poster writes the company's name.
      companyLogo: ctx.session.company.logo ?? null,
      campuses: companyCampuses(ctx.db, ctx.session).map((c) => ({ id: c.id, name: c.name, address: c.address, phone: c.phone })),
      forms,
      merchants,
    };
  }),
  api('get', '/v2/poster/clock_in', { read: templatePolicy }, async (ctx) => {
    const id = Number(ctx.query.studentId);
    const st = Number.isInteger(id) && id > 0 && id <= 2147483647 ? await findStudent(ctx.db, id, ctx.scope(studentPolicy), false) : undefined;
    if (!st) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('field.studentId') }));
    const attended = await presentCount(st.companyId, st.id);
    return { studentName: st.name, className: classesOf(ctx.db, st.companyId).find((c) => st.classIds.includes(c.id))?.name ?? '', attended, campusName: campusById(ctx.db, st.campusId)?.name ?? '' };
  }),

  /** The caller's avatar (an image data URL, ≤ 2 MB). */
  api('post', '/v2/user/avatar', { self: true, body: AvatarBody }, async (ctx) => {
    const problem = checkImageDataUrl(ctx.body.avatar);
    if (problem) throw ctx.bad(problem === 'type' ? 'feedback.notImage' : 'feedback.tooLarge');
    await updateUser(ctx.session.user, { avatar: ctx.body.avatar });
    return null;
  }),

  /* feedback: anyone writes (their own), the platform reads */
  api('post', '/v2/feedback', { self: true, body: FeedbackBody }, async (ctx) => {
    if (ctx.body.screenshot !== undefined) {
      const problem = checkImageDataUrl(ctx.body.screenshot);
      if (problem) throw ctx.bad(problem === 'type' ? 'feedback.notImage' : 'feedback.tooLarge');
    }
    const s = ctx.session;
    const [r] = await (await tx())
      .insert(feedback)
      .values({ companyId: s.company.id, companyName: s.company.name, userId: s.user.id, userName: s.user.name, category: ctx.body.category, text: ctx.body.text, screenshot: ctx.body.screenshot ?? null, createdAt: stampDate(nowStamp()) })
      .returning({ id: feedback.id });
    return { id: r.id };
  }),
  api('get', '/v2/feedback/mine', { self: true }, async (ctx) => {
    const page = await sqlList(await tx(), feedback, eq(feedback.userId, ctx.session.user.id), ctx.query, { sortable: { createdAt: feedback.createdAt }, defaultSort: { field: 'createdAt', order: 'descend' }, tiebreak: [asc(feedback.id)] }, ctx.lang);
    return { list: page.list.map(feedbackOf), total: page.total };
  }),
  api('get', '/v2/feedback', { read: feedbackPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), feedback, ctx.scope(feedbackPolicy), ctx.query, FEEDBACK_LIST, ctx.lang);
    return { list: page.list.map(feedbackOf), total: page.total };
  }),
];
