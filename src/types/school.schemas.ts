/**
 * Request bodies of the school domain (staff, rooms, classes, students, card templates, card operations), as zod
 * schemas (src/types/schema.ts): strict (no coercion, existing days, arrays are arrays, closed enums, money 2 and
 * hours 1 decimal, docs/rules.md#money-and-numbers). The mock validates every write with them before its handler runs.
 */
import { bool, date, hours, id, ids, int, mobile, money, oneOf, optDate, optIds, optText, text, z } from './schema';

export const STAFF_ROLES = ['dealer', 'manager', 'teacher', 'sales'] as const;
export const PAY_METHODS = ['cash', 'wechat', 'alipay', 'card', 'transfer'] as const;

export const StaffBody = z.object({
  name: text(32),
  mobile: mobile(),
  role: oneOf(STAFF_ROLES),
  campusId: id(),
  status: oneOf(['active', 'left']),
  hireDate: date(),
  salaryPlanId: id().nullish(),
});
export const StaffUpdateBody = StaffBody.extend({ id: id() });

export const RoomBody = z.object({ campusId: id(), name: text(40), capacity: int(1, 500) });
export const RoomUpdateBody = RoomBody.extend({ id: id() });

export const ClassBody = z.object({
  campusId: id(),
  name: text(40),
  course: text(40),
  teacherId: id(),
  roomId: id(),
  capacity: int(1, 500),
  hoursPerLesson: hours({ min: 0.1, max: 10 }),
  startDate: date(),
  endDate: date(),
  status: oneOf(['open', 'closed']),
});
export const ClassUpdateBody = ClassBody.extend({ id: id() });

export const EnrolBody = z.object({ classId: id(), studentIds: ids() });
export const UnenrolBody = z.object({ classId: id(), studentId: id() });

export const StudentBody = z.object({
  campusId: id(),
  name: text(32),
  mobile: mobile(),
  parentName: optText(32),
  gender: oneOf(['male', 'female']),
  birthday: optDate(),
  status: oneOf(['active', 'paused', 'graduated']).optional(),
  remark: optText(200),
  classIds: optIds(),
});
export const StudentUpdateBody = StudentBody.extend({ id: id() });

export const CardTemplateBody = z.object({
  name: text(40),
  kind: oneOf(['count', 'period']),
  hours: hours({ min: 0, max: 10000 }).optional(),
  giftHours: hours({ min: 0, max: 10000 }).nullish(),
  price: money(),
  validDays: int(1, 3650),
  classIds: optIds(),
  onSale: bool().optional(),
});
export const CardTemplateUpdateBody = CardTemplateBody.extend({ id: id() });

export const SellCardBody = z.object({
  studentId: id(),
  templateId: id(),
  amount: money(),
  method: oneOf(PAY_METHODS),
  sellerId: id(),
  startDate: date(),
});

export const RenewCardBody = z.object({
  cardId: id(),
  hours: hours({ min: 0.1, max: 10000 }).optional(),
  giftHours: hours({ min: 0, max: 10000 }).nullish(),
  amount: money(),
  method: oneOf(PAY_METHODS),
  sellerId: id(),
  expiryDate: optDate(),
});

export const GiftHoursBody = z.object({ cardId: id(), hours: hours({ min: 0.1, max: 1000 }), reason: optText(200) });
export const ConsumeBody = z.object({ cardId: id(), hours: hours({ min: 0.1, max: 1000 }), reason: text(200) });
export const ReturnBody = z.object({ cardId: id(), hours: hours({ min: 0.1, max: 10000 }), reason: optText(200) });
export const ReviewReturnBody = z.object({ recordId: id(), approve: bool() });
/** `date`: a back-dated correction (default today); refused in a closed month (docs/rules.md#revenue-and-month-close). */
export const CorrectBody = z.object({ cardId: id(), hours: hours({ min: -10000, max: 10000 }), reason: text(200), date: optDate() });
export const InvalidateBody = z.object({ cardId: id(), reason: text(200) });
export const RemindBody = z.object({ cardIds: ids() });

export type StaffInput = z.output<typeof StaffBody>;
export type ClassInput = z.output<typeof ClassBody>;
export type StudentInput = z.output<typeof StudentBody>;
export type CardTemplateInput = z.output<typeof CardTemplateBody>;
