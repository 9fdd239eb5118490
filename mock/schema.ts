/**
 * Request-body validation from zod schemas (src/types/schema.ts and the domain `*.schemas.ts`): the first problem
 * becomes a 400 whose message, in the caller's language, names the field and the problem. Nothing is coerced.
 * `api(..., { body: Schema }, handler)` in ./http.ts calls `parseBody`; handlers may call it for nested parts.
 */
import type { z } from 'zod';
import { HttpError } from './http';
import { defineMessages, message, type Lang } from './messages';

defineMessages({
  'v.required': { en: '{field} is required.', zh: '{field}不能为空。' },
  'v.string': { en: '{field} must be text.', zh: '{field}必须是文本。' },
  'v.tooLong': { en: '{field} must be at most {max} characters.', zh: '{field}最多 {max} 个字符。' },
  'v.tooShort': { en: '{field} must be at least {min} characters.', zh: '{field}至少 {min} 个字符。' },
  'v.number': { en: '{field} must be a number.', zh: '{field}必须是数字。' },
  'v.min': { en: '{field} must be at least {min}.', zh: '{field}不能小于 {min}。' },
  'v.max': { en: '{field} must be at most {max}.', zh: '{field}不能大于 {max}。' },
  'v.decimals': { en: '{field} allows at most {n} decimals.', zh: '{field}最多 {n} 位小数。' },
  'v.integer': { en: '{field} must be a whole number.', zh: '{field}必须是整数。' },
  'v.mobile': { en: '{field} must be an 11-digit mobile number starting with 1.', zh: '{field}必须是以 1 开头的 11 位手机号。' },
  'v.phone': { en: '{field} must be a phone number: digits, with an optional +, spaces, hyphens or parentheses.', zh: '{field}必须是电话号码：数字，可带 +、空格、连字符或括号。' },
  'v.date': { en: '{field} must be an existing date YYYY-MM-DD.', zh: '{field}必须是存在的日期（YYYY-MM-DD）。' },
  'v.dateTime': { en: '{field} must be an existing date and time YYYY-MM-DD HH:mm.', zh: '{field}必须是存在的日期和时间（YYYY-MM-DD HH:mm）。' },
  'v.month': { en: '{field} must be a month YYYY-MM.', zh: '{field}必须是 YYYY-MM 格式的月份。' },
  'v.time': { en: '{field} must be a time HH:mm.', zh: '{field}必须是 HH:mm 格式的时间。' },
  'v.oneOf': { en: '{field} must be one of: {values}.', zh: '{field}必须是以下之一：{values}。' },
  'v.boolean': { en: '{field} must be true or false.', zh: '{field}必须是是或否。' },
  'v.array': { en: '{field} must be a list.', zh: '{field}必须是列表。' },
  'v.object': { en: '{field} must be an object.', zh: '{field}必须是对象。' },
  'v.listMin': { en: '{field} needs at least {min, plural, one {# item} other {# items}}.', zh: '{field}至少需要 {min} 项。' },
  'v.listMax': { en: '{field} allows at most {max} items.', zh: '{field}最多 {max} 项。' },
  'v.duplicates': { en: '{field} contains duplicates.', zh: '{field}包含重复项。' },
  'v.invalid': { en: '{field} is not valid.', zh: '{field}无效。' },
  'v.body': { en: 'The request body must be a JSON object.', zh: '请求内容必须是 JSON 对象。' },
});

/** Field labels: `field.<name>` messages, overridable per call (`labels: { name: 'sf.roomName' }`). */
defineMessages({
  'field.id': { en: 'Id', zh: 'ID' },
  'field.name': { en: 'Name', zh: '名称' },
  'field.mobile': { en: 'Mobile', zh: '手机号' },
  'field.remark': { en: 'Remark', zh: '备注' },
  'field.reason': { en: 'Reason', zh: '原因' },
  'field.date': { en: 'Date', zh: '日期' },
  'field.month': { en: 'Month', zh: '月份' },
  'field.amount': { en: 'Amount', zh: '金额' },
  'field.hours': { en: 'Hours', zh: '课时' },
  'field.campusId': { en: 'Campus', zh: '校区' },
  'field.studentId': { en: 'Student', zh: '学员' },
  'field.studentIds': { en: 'Students', zh: '学员' },
  'field.classId': { en: 'Class', zh: '班级' },
  'field.classIds': { en: 'Classes', zh: '班级' },
  'field.staffId': { en: 'Staff member', zh: '员工' },
  'field.ids': { en: 'Selection', zh: '所选项' },
  'field.status': { en: 'Status', zh: '状态' },
  'field.title': { en: 'Title', zh: '标题' },
  'field.content': { en: 'Content', zh: '内容' },
  'field.startDate': { en: 'Start date', zh: '开始日期' },
  'field.endDate': { en: 'End date', zh: '结束日期' },
  'field.password': { en: 'Password', zh: '密码' },
  'field.code': { en: 'Code', zh: '验证码' },
});

type Issue = z.core.$ZodIssue;

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let v: unknown = body;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

function fieldLabel(lang: Lang, path: PropertyKey[], labels: Record<string, string>): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  const name = names[names.length - 1];
  const index = path.find((p) => typeof p === 'number');
  if (!name) return lang === 'zh' ? '请求内容' : 'The request';
  const key = labels[name] ?? `field.${name}`;
  const label = message(lang, key);
  // A label that is no message key is literal text (e.g. the labels of a public form's fields).
  const base = label !== key ? label : labels[name] ?? name;
  return typeof index === 'number' ? `${base} #${index + 1}` : base;
}

/** The message of one issue, in the caller's language. */
export function issueMessage(issue: Issue, body: unknown, lang: Lang, labels: Record<string, string> = {}): string {
  if (issue.path.length === 0 && issue.code === 'invalid_type') return message(lang, 'v.body');
  const field = fieldLabel(lang, issue.path, labels);
  const m = (key: string, values: Record<string, string | number> = {}) => message(lang, key, { field, ...values });
  switch (issue.code) {
    case 'invalid_type': {
      const v = valueAt(body, issue.path);
      if (v === undefined || v === null) return m('v.required');
      if (issue.expected === 'int') return m('v.integer');
      if (issue.expected === 'number') return m('v.number');
      if (issue.expected === 'string') return m('v.string');
      if (issue.expected === 'boolean') return m('v.boolean');
      if (issue.expected === 'array') return m('v.array');
      if (issue.expected === 'object') return m('v.object');
      return m('v.invalid');
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? m('v.required') : m('v.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 && !valueAt(body, issue.path) ? m('v.required') : m('v.listMin', { min });
      return m('v.min', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return m('v.tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return m('v.listMax', { max });
      return m('v.max', { max });
    }
    case 'invalid_value':
      return m('v.oneOf', { values: issue.values.map(String).join(', ') });
    case 'not_multiple_of': {
      const d = Number(issue.divisor);
      const n = d >= 1 ? 0 : Math.round(-Math.log10(d));
      return n === 0 ? m('v.integer') : m('v.decimals', { n });
    }
    case 'invalid_format':
      return m('v.invalid');
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, string | number>;
      const key = typeof params.key === 'string' ? params.key : 'v.invalid';
      return m(key, params);
    }
    case 'invalid_union': {
      const v = valueAt(body, issue.path);
      return v === undefined || v === null ? m('v.required') : m('v.invalid');
    }
    default:
      return m('v.invalid');
  }
}

/** The fields of an object schema (through transforms, optional and nullable wrappers), or undefined for other schemas. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType };
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if ((def.type === 'optional' || def.type === 'nullable') && def.innerType) return shapeOf(def.innerType);
  return undefined;
}

/** Validates `body` with `schema`: the parsed value, or a 400 naming the first problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, lang: Lang, labels: Record<string, string> = {}): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  throw new HttpError(400, issueMessage(r.error.issues[0] as Issue, body, lang, labels));
}
