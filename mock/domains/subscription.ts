/**
 * Subscription packages, orders and renewal (docs/rules.md#subscription-and-expiry; routes /renew and /campus/order). The
 * packages and orders are in the database (server/db/schema/platform.ts, read and written through ./platformRows.ts).
 */
import { lockCompany, updateCompany } from './companyRows';
import type { Db } from '../db';
import type { Lang } from '../messages';
import { nextId } from '../db';
import { api, definePolicy, HttpError } from '../http';
import { defineMessages } from '../messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { tx } from '../../server/db';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { stampDate } from '../../server/db/time';
import { packages, subscriptionOrders } from '../../server/db/schema';
import { findOrder, findPackage, insertOrder, keywordOver, localOrders, localPackageName, orderNoOf, packageOf } from './platformRows';
import { created } from './audit';
import { OrderBody, OrderIdBody } from '../../src/types/subscription.schemas';
import { addDays, nowStamp, today } from '../clock';
import type { SubscriptionOrder, SubscriptionPackage, SubscriptionStatus } from '../../src/types/subscription';
import { daysLeft } from '../../src/utils/expiry';

defineMessages({
  'sub.ownerOnly': { en: 'Only the store owner can order or pay a renewal.', zh: '只有店主可以下单或支付续费。' },
  'sub.package': { en: 'Package', zh: '套餐' },
  'sub.order': { en: 'Order', zh: '订单' },
  'sub.notUnpaid': { en: 'Only an unpaid order can be paid or cancelled.', zh: '只有未支付的订单可以支付或取消。' },
  'sub.offSale': { en: 'This package is not on sale.', zh: '该套餐未上架。' },
});

declare module '../db' {
  interface Db {
    /**
     * The demo seed's subscription orders (the in-process seed numbers them as it goes): written to the database
     * (server/db/schema/platform.ts) by `seedPlatformTables` (./platform.ts). Never read by a request.
     */
    seedSubscriptionOrders: SubscriptionOrder[];
  }
}

/** The demo seed's packages (their campuses: ./platform.ts `seedPlatformTables`). */
export const SEED_PACKAGES: SubscriptionPackage[] = [
  { id: 1, name: 'Quarter', nameZh: '季度版', days: 90, price: 1280, description: '90 days, all features', descriptionZh: '90 天，全部功能', onSale: true },
  { id: 2, name: 'Year', nameZh: '年度版', days: 365, price: 3980, description: '365 days, all features, best value', descriptionZh: '365 天，全部功能，最划算', onSale: true },
  { id: 3, name: 'Two years', nameZh: '两年版', days: 730, price: 6980, description: '730 days, all features, priority support', descriptionZh: '730 天，全部功能，优先支持', onSale: true },
  { id: 4, name: 'Trial month (retired)', nameZh: '体验月（已停售）', days: 30, price: 99, description: 'No longer sold', descriptionZh: '已停售', onSale: false },
];

export function seedSubscription(db: Db) {
  db.seedSubscriptionOrders = [];
  const t = today();
  const orders: Omit<SubscriptionOrder, 'id' | 'orderNo'>[] = [
    { companyId: 2, companyName: 'Starlight Dance', packageId: 2, packageName: 'Year', days: 365, amount: 3980, status: 'paid', createdAt: `${addDays(t, -330)} 10:12:00`, paidAt: `${addDays(t, -330)} 10:15:30`, createdBy: '周晓彤' },
    { companyId: 2, companyName: 'Starlight Dance', packageId: 1, packageName: 'Quarter', days: 90, amount: 1280, status: 'paid', createdAt: `${addDays(t, -60)} 16:40:00`, paidAt: `${addDays(t, -60)} 16:41:12`, createdBy: '周晓彤' },
    { companyId: 2, companyName: 'Starlight Dance', packageId: 1, packageName: 'Quarter', days: 90, amount: 1280, status: 'cancelled', createdAt: `${addDays(t, -61)} 09:03:00`, createdBy: '周晓彤' },
    { companyId: 3, companyName: 'Sunrise Art', packageId: 1, packageName: 'Quarter', days: 90, amount: 1280, status: 'paid', createdAt: `${addDays(t, -78)} 11:00:00`, paidAt: `${addDays(t, -78)} 11:02:00`, createdBy: '何梦琪' },
    { companyId: 4, companyName: 'Maple Music', packageId: 2, packageName: 'Year', days: 365, amount: 3980, status: 'paid', createdAt: `${addDays(t, -365)} 14:20:00`, paidAt: `${addDays(t, -365)} 14:25:00`, createdBy: '郭俊杰' },
  ];
  orders.forEach((o) => {
    const id = nextId(db, 'subscriptionOrders');
    db.seedSubscriptionOrders.push({ ...o, id, orderNo: orderNoOf(id) });
  });
}

/** A package as the caller reads it: name and description in their language (Chinese when the platform gave one). */
export function localPackage<P extends SubscriptionPackage>(p: P, lang: Lang): P {
  return lang === 'zh' ? { ...p, name: p.nameZh || p.name, description: p.descriptionZh || p.description } : p;
}

/** The company's subscription orders: the owner and campus managers read, only the owner orders and pays. */
export const subscriptionOrderPolicy = definePolicy<SubscriptionOrder>({
  name: 'subscription orders',
  read: 'subscription',
  write: 'isOwner',
  where: (s) => eq(subscriptionOrders.companyId, s.company.id),
  find: findOrder,
});
/** Packages on sale (platform data shown to the subscription screens). */
export const packagePolicy = definePolicy({ name: 'packages', read: 'subscription', where: () => eq(packages.onSale, true) });

/** The company's order list; the keyword searches the package name the caller reads. */
const orderList = (lang: Lang): SqlListSpec => ({
  filters: { keyword: keywordOver([sql`${subscriptionOrders.orderNo}`, localPackageName(lang)]) },
  equal: { status: subscriptionOrders.status },
  date: subscriptionOrders.createdAt,
  sortable: { createdAt: subscriptionOrders.createdAt, amount: subscriptionOrders.amount, days: subscriptionOrders.days },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(subscriptionOrders.id)],
});

export const subscriptionHandlers = [
  api('get', '/v2/package', { read: packagePolicy }, async ({ scope, lang }) =>
    (await (await tx()).select().from(packages).where(scope(packagePolicy)).orderBy(asc(packages.id))).map((p) => localPackage(packageOf(p), lang)),
  ),

  api('get', '/v2/subscription/status', { read: subscriptionOrderPolicy }, ({ session }): SubscriptionStatus => ({
    companyId: session.company.id,
    companyName: session.company.name,
    validUntil: session.company.validUntil,
    day: daysLeft(session.company.validUntil, today()),
  })),

  api('get', '/v2/subscription_order', { read: subscriptionOrderPolicy }, async ({ scope, query, lang }) => {
    const page = await sqlList(await tx(), subscriptionOrders, scope(subscriptionOrderPolicy), query, orderList(lang), lang);
    return { list: await localOrders(page.list, lang), total: page.total };
  }),

  api('post', '/v2/subscription_order', { write: subscriptionOrderPolicy, body: OrderBody, labels: { packageId: 'sub.package' } }, async ({ session, body, t }) => {
    const { packageId } = body;
    const pkg = await findPackage(packageId);
    if (!pkg) throw new HttpError(400, t('common.notFound', { what: t('sub.package') }));
    if (!pkg.onSale) throw new HttpError(400, t('sub.offSale'));
    const order = await insertOrder({
      companyId: session.company.id,
      companyName: session.company.name,
      packageId: pkg.id,
      packageName: pkg.name,
      days: pkg.days,
      amount: pkg.price,
      status: 'unpaid',
      createdAt: nowStamp(),
      createdBy: session.user.name,
    });
    return created(order);
  }),

  api('post', '/v2/subscription_order/pay', { write: subscriptionOrderPolicy, body: OrderIdBody, labels: { id: 'sub.order' } }, async (ctx) => {
    const { session, t } = ctx;
    const order = await ctx.find(subscriptionOrderPolicy, ctx.body.id, 'sub.order');
    if (order.status !== 'unpaid') throw new HttpError(400, t('sub.notUnpaid'));
    // The company's row locked: two payments at once each add their days.
    await lockCompany(session.company);
    const from = session.company.validUntil > today() ? session.company.validUntil : today();
    order.status = 'paid';
    order.paidAt = nowStamp();
    // The order's row first: should it fail, the company's validity has not moved.
    await (await tx())
      .update(subscriptionOrders)
      .set({ status: 'paid', paidAt: stampDate(order.paidAt) })
      .where(and(eq(subscriptionOrders.id, order.id), eq(subscriptionOrders.companyId, session.company.id)));
    await updateCompany(session.company, { validUntil: addDays(from, order.days) });
    return { order, validUntil: session.company.validUntil, day: daysLeft(session.company.validUntil, today()) };
  }),

  api('post', '/v2/subscription_order/cancel', { write: subscriptionOrderPolicy, body: OrderIdBody, labels: { id: 'sub.order' } }, async (ctx) => {
    const { session, t } = ctx;
    const order = await ctx.find(subscriptionOrderPolicy, ctx.body.id, 'sub.order');
    if (order.status !== 'unpaid') throw new HttpError(400, t('sub.notUnpaid'));
    order.status = 'cancelled';
    await (await tx())
      .update(subscriptionOrders)
      .set({ status: 'cancelled' })
      .where(and(eq(subscriptionOrders.id, order.id), eq(subscriptionOrders.companyId, session.company.id)));
    return order;
  }),
];
