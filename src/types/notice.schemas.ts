/** Request bodies of notices, templates, rules, bulletins and feedback (docs/rules.md#notices-and-notifications, docs/screens.md#teaching-and-communication). */
import { NOTIFY_CHANNELS, NOTIFY_EVENTS, NOTIFY_RECEIVERS } from '@/domain/notifyRules';
import { RECEIVER_SEGMENTS } from '@/domain/receivers';
import { FEEDBACK_CATEGORIES, TEMPLATE_SCENES } from './notice';
import { bool, date, id, ids, oneOf, optDateTime, text, z } from './schema';

export const TemplateBody = z.object({ id: id().optional(), name: text(40), scene: oneOf(TEMPLATE_SCENES), text: text(500) });

export const ReceiverChoice = z.object({
  segment: oneOf(RECEIVER_SEGMENTS),
  classIds: ids(200, 0).optional(),
  studentIds: ids(5000, 0).optional(),
});

export const NoticeBody = ReceiverChoice.extend({
  title: text(60),
  text: text(500),
  templateId: id().optional(),
  /** 'YYYY-MM-DD HH:mm' (an existing moment) in the future; absent = now. */
  sendAt: optDateTime(),
});

export const RuleBody = z.object({ event: oneOf(NOTIFY_EVENTS), channel: oneOf(NOTIFY_CHANNELS), receiver: oneOf(NOTIFY_RECEIVERS), on: bool() });

export const BulletinBody = z.object({ id: id().optional(), title: text(80), body: text(3000), startDate: date(), endDate: date(), pinned: bool() });

/** Screenshot: a data URL of a PNG, JPEG, GIF or WebP image, at most 2 MB decoded (checked by the server). */
export const FeedbackBody = z.object({ category: oneOf(FEEDBACK_CATEGORIES), text: text(1000), screenshot: z.string().max(3_000_000).optional() });

export const IdBody = z.object({ id: id() });
