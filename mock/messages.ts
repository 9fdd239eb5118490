/**
 * Server messages in the UI language of the request (Accept-Language: en-US or zh-CN; docs/api.md#envelope-and-errors).
 * Domain modules add theirs with `defineMessages`. Counts use ICU plurals like the client's messages:
 * `{n, plural, one {# card} other {# cards}}`.
 */
import { applyPlurals } from '../src/utils/plural';

type Entry = { en: string; zh: string };
const table: Record<string, Entry> = {};

export function defineMessages(entries: Record<string, Entry>) {
  Object.assign(table, entries);
}

export type Lang = 'en' | 'zh';

export function langOf(request: Request): Lang {
  return (request.headers.get('accept-language') || '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function message(lang: Lang, key: string, values?: Record<string, string | number>): string {
  const entry = table[key];
  let text = entry ? entry[lang] : key;
  if (values) text = applyPlurals(text, values, lang === 'zh' ? 'zh-CN' : 'en-US');
  if (values) text = text.replace(/\{(\w+)\}/g, (m, k: string) => (values[k] === undefined ? m : String(values[k])));
  return text;
}

defineMessages({
  'common.invalidJson': { en: 'The request body is not valid JSON.', zh: '请求内容不是有效的 JSON。' },
  'common.required': { en: '{field} is required.', zh: '{field}不能为空。' },
  'common.notFound': { en: '{what} not found.', zh: '{what}不存在。' },
  'common.unauthorized': { en: 'Not logged in or the login has expired.', zh: '未登录或登录已过期。' },
  'common.forbidden': { en: 'You do not have permission for this.', zh: '没有权限执行此操作。' },
  'common.expiredOwner': {
    en: 'Your company’s subscription has expired: renew it to use this again.',
    zh: '公司系统已到期，续费后才能继续使用。',
  },
  'common.expiredStaff': {
    en: 'Your company’s subscription has expired: ask the store manager to renew it.',
    zh: '公司系统已到期，请联系店长续费。',
  },
  'common.serverError': { en: 'Internal server error: {detail}', zh: '服务器内部错误：{detail}' },
  'common.concurrent': { en: 'Someone else changed this at the same moment. Reload and try again.', zh: '其他人刚刚同时修改了此数据，请刷新后重试。' },
  'common.badPage': { en: 'page must be a whole number from 1.', zh: 'page 必须是从 1 开始的整数。' },
  'common.badPageSize': { en: 'pageSize must be a whole number from 1 to 200.', zh: 'pageSize 必须是 1 到 200 之间的整数。' },
  'common.badSort': { en: 'Cannot sort by {field}.', zh: '不能按 {field} 排序。' },
  'common.badDate': { en: '{field} must be a date YYYY-MM-DD.', zh: '{field}必须是 YYYY-MM-DD 格式的日期。' },
  'common.badRange': { en: 'The start date must not be after the end date.', zh: '开始日期不能晚于结束日期。' },
  'common.noRoute': { en: 'No such call: {method} {path}', zh: '接口不存在：{method} {path}' },
});
