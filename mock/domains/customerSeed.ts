/**
 * Customer-center seed (docs/rules.md#demo-data-and-modes): about 600 leads of Starlight Dance over the last six months with follow-up
 * history, every status and source present; the demo sales account (李浩然, user 5) owns 190 active leads, so it can
 * claim 10 from the pool and the 11th is refused (limit 200). Converted leads have real students (school domain).
 * Also collection forms and their submissions, web sign-ups and partner merchants. Deterministic, relative to today().
 */
import type { Db, SqlSeeder } from '../db';
import { addDays, notAfterNow, today } from '../clock';
import { chineseName, createRng, mobileNumber, type Rng } from '../random';
import type { FollowUpMethod, GatherSubmission, Lead, LeadIntention, LeadSource, LeadStatus, WebSignup } from '../../src/types/customer';
import {
  convertSeedLead,
  ensureCustomerTables,
  followUpValues,
  leadValues,
  recordFollowUp,
  seedLead,
  sweepSeedPool,
  toPool,
  type FollowUpRecord,
  type FollowUpSink,
  type GatherFormRow,
  type MerchantRow,
  type Operator,
} from './customer';
import { formValues, merchantValues, newWebSignup, signupValues, submissionValues } from './customerExtra';
import { restartIdentities } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { followUps, gatherForms, gatherSubmissions, leads as leadTable, merchants as merchantTable, webSignups } from '../../server/db/schema';

const COMPANY = 2;
const SALES: Operator = { id: 5, name: '李浩然' };
const MANAGER: Operator = { id: 3, name: '陈嘉怡' };
const DEALER: Operator = { id: 2, name: '周晓彤' };

/** A lead every browser test can rely on: its mobile is known (fast-check), owned by the manager. */
export const KNOWN_LEAD = { name: '张雨桐', mobile: '13912340001', owner: MANAGER };
/** Active leads the demo sales account owns in the seed. */
export const SALES_OWNED = 190;

const COURSES = ['芭蕾', '中国舞', '街舞', '拉丁舞', '爵士舞', '少儿舞蹈启蒙', 'K-pop'];
const SOURCE_WEIGHTS: [LeadSource, number][] = [
  ['walk_in', 15],
  ['referral', 15],
  ['phone', 10],
  ['online', 20],
  ['form', 12],
  ['web', 10],
  ['merchant', 10],
  ['event', 8],
];

const pad = (n: number) => String(n).padStart(2, '0');

function weighted<T>(rng: Rng, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [v, w] of items) {
    r -= w;
    if (r < 0) return v;
  }
  return items[items.length - 1][0];
}

/** A time `daysAgo` days ago; today's times stay early in the morning so that they are not in the future. */
function stamp(rng: Rng, daysAgo: number, minHour = 9, maxHour = 20): string {
  const hour = rng.int(minHour, maxHour);
  return notAfterNow(`${addDays(today(), -daysAgo)} ${pad(daysAgo <= 0 ? 8 : hour)}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`);
}

type Bucket = 'active' | 'formal' | 'invalid' | 'poolNew' | 'poolReturned' | 'poolInvalid';

interface Plan {
  bucket: Bucket;
  owner?: Operator;
  /** Final status. */
  status: LeadStatus;
  createdAgo: number;
  /** Days ago of the last follow-up (active / returned), the conversion (formal) or the invalidation. */
  lastAgo: number;
  followUps: number;
}

const TEXT = {
  first: ['电话沟通，家长对{course}很感兴趣，想了解上课时间和班级人数。', '微信发送了{course}课程介绍和价格表，家长说周末商量一下。', '家长带孩子来校区参观，孩子很喜欢舞蹈教室。', '回访来电咨询，家长关心老师资质和课程进度。'],
  middle: ['家长表示最近工作忙，下周再联系。', '电话未接通，已发短信说明开班时间。', '再次沟通，家长在比较附近两家机构的价格。', '发送了学员演出视频，家长反馈很好。', '家长询问是否有兄妹报名优惠，已说明政策。'],
  trial: ['已预约本周六上午{course}试听课。', '约好下周日下午试听{course}，提醒家长带舞蹈鞋。'],
  formal: ['试听后孩子很喜欢，家长决定报名{course}。', '家长到校签约，选择了季度卡。'],
  invalid: ['号码为空号，无法联系。', '家长表示已在其他机构报名。', '孩子年龄不符合开班要求，暂不考虑。', '多次联系无回应，标记无效。'],
};

const METHODS: [FollowUpMethod, number][] = [
  ['phone', 45],
  ['wechat', 35],
  ['visit', 12],
  ['sms', 8],
];

function intentionFor(rng: Rng, status: LeadStatus): LeadIntention {
  if (status === 'formal' || status === 'trial') return rng.pick(['A', 'A', 'B'] as const);
  if (status === 'following') return rng.pick(['B', 'B', 'C', 'A'] as const);
  if (status === 'invalid') return 'D';
  return rng.pick(['C', 'C', 'D', 'B'] as const);
}

function plans(rng: Rng): Plan[] {
  const out: Plan[] = [];
  const activeFor = (owner: Operator, n: number) => {
    for (let i = 0; i < n; i += 1) {
      const status = weighted<LeadStatus>(rng, [
        ['new', 15],
        ['following', 60],
        ['trial', 25],
      ]);
      const lastAgo = rng.int(0, 13);
      const createdAgo = status === 'new' ? lastAgo + rng.int(0, 40) : lastAgo + rng.int(1, 170);
      out.push({ bucket: 'active', owner, status, createdAgo, lastAgo, followUps: status === 'new' ? 0 : rng.int(1, 4) });
    }
  };
  activeFor(SALES, SALES_OWNED);
  activeFor(MANAGER, 45);
  activeFor(DEALER, 20);
  const owners: [Operator, number][] = [
    [SALES, 45],
    [MANAGER, 35],
    [DEALER, 20],
  ];
  for (let i = 0; i < 85; i += 1) {
    const lastAgo = rng.int(0, 150);
    out.push({ bucket: 'formal', owner: weighted(rng, owners), status: 'formal', createdAgo: lastAgo + rng.int(7, 30), lastAgo, followUps: rng.int(2, 4) });
  }
  for (let i = 0; i < 35; i += 1) {
    const lastAgo = rng.int(0, 150);
    out.push({ bucket: 'invalid', owner: weighted(rng, owners), status: 'invalid', createdAgo: lastAgo + rng.int(1, 30), lastAgo, followUps: rng.int(1, 3) });
  }
  for (let i = 0; i < 20; i += 1) {
    const lastAgo = rng.int(0, 150);
    out.push({ bucket: 'poolInvalid', owner: weighted(rng, owners), status: 'invalid', createdAgo: lastAgo + rng.int(1, 30), lastAgo, followUps: rng.int(1, 2) });
  }
  for (let i = 0; i < 85; i += 1) {
    const lastAgo = rng.int(16, 150);
    out.push({ bucket: 'poolReturned', owner: weighted(rng, owners), status: 'following', createdAgo: lastAgo + rng.int(1, 30), lastAgo, followUps: rng.int(1, 3) });
  }
  for (let i = 0; i < 120; i += 1) {
    const createdAgo = rng.int(0, 180);
    out.push({ bucket: 'poolNew', status: 'new', createdAgo, lastAgo: createdAgo, followUps: 0 });
  }
  for (const p of out) p.createdAgo = Math.min(p.createdAgo, 182);
  return out;
}

function fill(text: string, course: string) {
  return text.replace('{course}', course);
}

/** The seed's rows of the customer tables in the database (written by `seedCustomerTables`), with their ids. */
interface CustomerSeedRows {
  merchants: MerchantRow[];
  forms: GatherFormRow[];
  submissions: GatherSubmission[];
  signups: WebSignup[];
  followUps: FollowUpRecord[];
}
const seeded = new WeakMap<Db, CustomerSeedRows>();

export function seedCustomer(db: Db) {
  ensureCustomerTables(db);
  const rng = createRng(5005);
  const t = today();
  const out: CustomerSeedRows = { merchants: [], forms: [], submissions: [], signups: [], followUps: [] };
  seeded.set(db, out);
  const toTimeline: FollowUpSink = (row) => out.followUps.push(row);

  /* merchants */
  const merchants: [string, string, string, string, 'active' | 'paused'][] = [
    ['童趣绘本馆', '书店', '何静怡', '人民路 126 号', 'active'],
    ['小天鹅儿童摄影', '摄影', '陆子轩', '滨江大道 58 号', 'active'],
    ['乐高积木创意中心', '教育', '邵佳怡', '世纪广场 3 楼', 'active'],
    ['蓝海游泳俱乐部', '体育', '韩博文', '体育中心东门', 'active'],
    ['甜心烘焙坊', '餐饮', '白梦琪', '南京西路 402 号', 'active'],
    ['星河商场亲子乐园', '商场', '龚俊杰', '星河商场 5 楼', 'paused'],
  ];
  merchants.forEach(([name, category, contact, address, status], i) => {
    out.merchants.push({
      id: out.merchants.length + 1,
      companyId: COMPANY,
      name,
      category,
      contact,
      mobile: mobileNumber(rng),
      address,
      status,
      remark: i === 0 ? '店内放置宣传单页，凭单页试听免费' : undefined,
      createdAt: stamp(rng, 180 - i * 7),
    });
  });
  const activeMerchants = out.merchants.filter((m) => m.status === 'active' && m.companyId === COMPANY);

  /* collection forms */
  const formField = (key: 'name' | 'mobile' | 'parentName' | 'age' | 'course' | 'remark' | 'gender', label: string, required = false) => ({ key, label, required });
  const forms: GatherFormRow[] = [
    {
      id: 0,
      companyId: COMPANY,
      campusId: 1,
      campusName: 'Downtown',
      title: '暑期舞蹈体验课报名',
      description: '填写信息即可预约一节免费体验课，老师会在 24 小时内联系您。',
      fields: [formField('name', '孩子姓名', true), formField('mobile', '家长手机号', true), formField('parentName', '家长称呼'), formField('age', '孩子年龄'), formField('course', '想学的舞种')],
      code: 'sd-summer',
      enabled: true,
      createdAt: stamp(rng, 170),
      createdBy: MANAGER.name,
    },
    {
      id: 0,
      companyId: COMPANY,
      campusId: 2,
      campusName: 'Riverside',
      title: '滨江校区亲子开放日',
      description: '开放日当天可参观教室、观看学员表演。',
      fields: [formField('name', '孩子姓名', true), formField('mobile', '手机号', true), formField('gender', '孩子性别'), formField('remark', '留言')],
      code: 'sd-openday',
      enabled: true,
      createdAt: stamp(rng, 120),
      createdBy: DEALER.name,
    },
    {
      id: 0,
      companyId: COMPANY,
      campusId: 1,
      campusName: 'Downtown',
      title: '街舞公开课预约（已结束）',
      fields: [formField('name', '姓名', true), formField('mobile', '手机号', true), formField('age', '年龄', true)],
      code: 'sd-hiphop',
      enabled: false,
      createdAt: stamp(rng, 160),
      createdBy: SALES.name,
    },
  ];
  for (const f of forms) out.forms.push({ ...f, id: out.forms.length + 1 });

  /* leads */
  const used = new Set<string>([KNOWN_LEAD.mobile]);
  const uniqueMobile = () => {
    let m = mobileNumber(rng);
    while (used.has(m) || m.startsWith('1380000')) m = mobileNumber(rng);
    used.add(m);
    return m;
  };
  const all = plans(rng).sort((a, b) => b.createdAgo - a.createdAgo);
  // The known lead: an active manager lead in the middle of the list.
  const knownIndex = all.findIndex((p) => p.bucket === 'active' && p.owner === MANAGER && p.status === 'following');
  const created: { lead: Lead; plan: Plan }[] = [];
  all.forEach((plan, i) => {
    const known = i === knownIndex;
    let source: LeadSource = known ? 'referral' : weighted(rng, SOURCE_WEIGHTS);
    const course = rng.pick(COURSES);
    const createdAt = stamp(rng, plan.createdAgo);
    // A form lead comes from a form that existed on that day (else it was an online lead).
    const forms = out.forms.filter((f) => f.companyId === COMPANY && f.createdAt <= createdAt);
    const form = source === 'form' && forms.length ? rng.pick(forms) : undefined;
    if (source === 'form' && !form) source = 'online';
    const merchants = activeMerchants.filter((m) => m.createdAt <= createdAt);
    const merchant = source === 'merchant' && merchants.length ? rng.pick(merchants) : undefined;
    if (source === 'merchant' && !merchant) source = 'referral';
    const lead = seedLead(
      db,
      {
        companyId: COMPANY,
        campusId: form?.campusId ?? (rng.chance(0.6) ? 1 : 2),
        name: known ? KNOWN_LEAD.name : chineseName(rng),
        mobile: known ? KNOWN_LEAD.mobile : uniqueMobile(),
        parentName: rng.chance(0.8) ? `${chineseName(rng).slice(0, 1)}${rng.pick(['女士', '先生'])}` : undefined,
        gender: rng.chance(0.75) ? 'female' : 'male',
        age: rng.int(4, 14),
        course,
        intention: 'C',
        source,
        merchant: merchant && { id: merchant.id, name: merchant.name },
        formId: form?.id,
        ownerId: plan.owner?.id,
        createdAt,
        createdBy: form ? form.title : plan.owner?.name ?? (source === 'web' ? 'Campus web' : MANAGER.name),
      },
      'zh',
    );
    lead.intention = intentionFor(rng, plan.status === 'following' && plan.bucket === 'poolReturned' ? 'following' : plan.status);
    created.push({ lead, plan });
  });

  for (const { lead, plan } of created) {
    const owner = plan.owner;
    if (owner && plan.followUps > 0) {
      // Follow-up days spread from creation to the last one, oldest first.
      const span = Math.max(0, plan.createdAgo - plan.lastAgo);
      const days = Array.from({ length: plan.followUps }, (_, k) => (k === plan.followUps - 1 ? plan.lastAgo : plan.lastAgo + Math.round(span * (1 - (k + 1) / plan.followUps)))).sort((a, b) => b - a);
      const finalForFollowUps: LeadStatus = plan.status === 'formal' ? 'trial' : plan.status;
      days.forEach((ago, k) => {
        const last = k === days.length - 1;
        let status: LeadStatus = last ? finalForFollowUps : 'following';
        if (!last && plan.status === 'formal' && k === days.length - 2) status = 'trial';
        const text = last ? (status === 'trial' ? rng.pick(TEXT.trial) : status === 'invalid' ? rng.pick(TEXT.invalid) : rng.pick(TEXT.middle)) : k === 0 ? rng.pick(TEXT.first) : rng.pick(TEXT.middle);
        const at = notAfterNow(`${addDays(t, -ago)} ${pad(ago <= 0 ? 8 : 9 + Math.min(k, 10))}:${pad(rng.int(0, 59))}:00`);
        const nextAgo = ago - rng.int(2, 16);
        recordFollowUp(lead, {
          method: weighted(rng, METHODS),
          content: fill(text, lead.course ?? ''),
          nextFollowUpAt: status === 'invalid' ? undefined : addDays(t, -nextAgo),
          status,
          intention: last ? intentionFor(rng, plan.status) : lead.intention,
          operator: owner,
          at: at < lead.createdAt ? lead.createdAt : at,
        }, toTimeline);
      });
    }
    if (plan.bucket === 'active' && plan.status === 'new') {
      // Claimed or given recently; first call planned within a few days.
      lead.assignedAt = notAfterNow(`${addDays(t, -plan.lastAgo)} 0${plan.lastAgo <= 0 ? 7 : 9}:${pad(rng.int(0, 59))}:00`);
      if (lead.assignedAt < lead.createdAt) lead.assignedAt = lead.createdAt;
      lead.nextFollowUpAt = addDays(t, -plan.lastAgo + rng.int(1, 3));
    }
    if (plan.bucket === 'formal' && owner) {
      const at = notAfterNow(`${addDays(t, -plan.lastAgo)} ${plan.lastAgo <= 0 ? '08' : '19'}:${pad(rng.int(0, 59))}:00`);
      convertSeedLead(db, lead, owner, toTimeline, notAfterNow(at > (lead.lastFollowUpAt ?? '') ? at : `${(lead.lastFollowUpAt ?? at).slice(0, 16)}:59`));
      const fu = out.followUps[out.followUps.length - 1];
      fu.content = fill(rng.pick(TEXT.formal), lead.course ?? '');
      fu.method = 'visit';
    }
    if (plan.bucket === 'poolReturned') toPool(lead, 'returned', `${addDays((lead.lastFollowUpAt ?? lead.createdAt).slice(0, 10), 15)} 00:00:00`);
    if (plan.bucket === 'poolInvalid') toPool(lead, 'released', lead.lastFollowUpAt ?? lead.createdAt);
  }

  /* form submissions for the form leads, and a few repeats of known numbers */
  for (const lead of db.seedLeads.filter((l) => l.companyId === COMPANY && l.formId !== undefined)) {
    out.submissions.push({
      id: out.submissions.length + 1,
      companyId: COMPANY,
      formId: lead.formId!,
      name: lead.name,
      mobile: lead.mobile,
      values: { name: lead.name, mobile: lead.mobile, parentName: lead.parentName, age: lead.age ? String(lead.age) : undefined, course: lead.course },
      result: 'lead',
      leadId: lead.id,
      createdAt: lead.createdAt,
    });
  }
  const someLeads = db.seedLeads.filter((l) => l.companyId === COMPANY && l.source !== 'form').slice(40, 46);
  for (const lead of someLeads) {
    const form = out.forms[0];
    const at = stamp(rng, rng.int(0, 20));
    out.submissions.push({
      id: out.submissions.length + 1,
      companyId: COMPANY,
      formId: form.id,
      name: lead.name,
      mobile: lead.mobile,
      values: { name: lead.name, mobile: lead.mobile },
      result: 'duplicate',
      leadId: lead.id,
      createdAt: at < lead.createdAt ? lead.createdAt : at,
    });
  }

  /* web sign-ups: the accepted ones are the "web" leads; plus pending and discarded ones */
  for (const lead of db.seedLeads.filter((l) => l.companyId === COMPANY && l.source === 'web')) {
    const w = newWebSignup(db, { companyId: COMPANY, campusId: lead.campusId, name: lead.name, mobile: lead.mobile, course: lead.course, message: rng.chance(0.4) ? '想了解周末班的时间' : undefined, createdAt: lead.createdAt });
    out.signups.push({ ...w, id: out.signups.length + 1, status: 'accepted', leadId: lead.id, handledBy: MANAGER.name, handledAt: lead.createdAt });
  }
  const messages = ['孩子 6 岁，零基础可以学吗？', '请问周末有没有适合 8 岁孩子的班？', '想给孩子报暑期班。', '有没有成人拉丁舞课程？', undefined];
  for (let i = 0; i < 20; i += 1) {
    const discarded = i >= 14;
    const w: WebSignup = { id: out.signups.length + 1, ...newWebSignup(db, {
      companyId: COMPANY,
      campusId: rng.chance(0.5) ? 1 : 2,
      name: chineseName(rng),
      mobile: uniqueMobile(),
      course: rng.pick(COURSES),
      message: rng.pick(messages),
      createdAt: stamp(rng, discarded ? rng.int(10, 60) : rng.int(0, 9)),
    }) };
    out.signups.push(w);
    if (discarded) Object.assign(w, { status: 'discarded', handledBy: SALES.name, handledAt: `${addDays(w.createdAt.slice(0, 10), 1)} 10:00:00` });
  }

  sweepSeedPool(db, COMPANY, t);
}

/** The seed's merchants, forms, leads, submissions, sign-ups and follow-ups in the database, with the ids the in-process seed gave them. */
export const seedCustomerTables: SqlSeeder = async (sql, db) => {
  const rows = seeded.get(db);
  if (!rows) return;
  await insertMany(sql, merchantTable, rows.merchants.map(merchantValues));
  await insertMany(sql, gatherForms, rows.forms.map(formValues));
  await insertMany(sql, leadTable, db.seedLeads.map((l) => ({ ...leadValues(l), id: l.id })));
  await insertMany(sql, gatherSubmissions, rows.submissions.map(submissionValues));
  await insertMany(sql, webSignups, rows.signups.map(signupValues));
  const timeline = rows.followUps.map((f, i) => ({ ...followUpValues(f), id: i + 1 }));
  await insertMany(sql, followUps, timeline);
  await restartIdentities(sql, ['merchants', 'gather_forms', 'leads', 'gather_submissions', 'web_signups', 'follow_ups']);
};
