/**
 * Notices, templates, inboxes, notification rules and the SMS outbox, bulletins and feedback
 * (docs/rules.md#notices-and-notifications, docs/screens.md#teaching-and-communication). Shared by the client and the mock backend. Every text is plain text: the screens
 * render it as text, never as HTML.
 */
import type { ReceiverSegment } from '@/domain/receivers';
import type { NotifyChannel, NotifyEvent, NotifyReceiver, RuleCell } from '@/domain/notifyRules';

export type { ReceiverSegment, NotifyChannel, NotifyEvent, NotifyReceiver, RuleCell };

export const TEMPLATE_SCENES = ['renewal', 'lesson', 'holiday', 'homework', 'general'] as const;
export type TemplateScene = (typeof TEMPLATE_SCENES)[number];

export interface MessageTemplate {
  id: number;
  companyId: number;
  name: string;
  scene: TemplateScene;
  text: string;
  updatedAt: string;
  updatedBy: string;
}

export type NoticeStatus = 'scheduled' | 'sent';

export interface Notice {
  id: number;
  companyId: number;
  title: string;
  /** The text as written (may contain template variables). */
  text: string;
  templateId?: number;
  segment: ReceiverSegment;
  classIds: number[];
  /** When it is (or was) delivered: 'YYYY-MM-DD HH:mm:ss'. */
  sendAt: string;
  status: NoticeStatus;
  senderName: string;
  createdAt: string;
  /** Derived from the snapshot and the inboxes. */
  receiverCount: number;
  readCount: number;
}

/** One receiver of a notice (the snapshot taken at send time) and its read state. */
export interface NoticeReceiver {
  studentId: number;
  studentName: string;
  parentName: string;
  mobile: string;
  /** The text rendered for this receiver. */
  text: string;
  readAt?: string;
}

/** A message in a user's inbox: a notice, or an event of the notification rules (rendered from key + values). */
export interface InboxMessage {
  id: number;
  companyId: number;
  userId: number;
  kind: 'notice' | 'event';
  noticeId?: number;
  event?: NotifyEvent;
  /** Notices: the title; events: empty (the client renders `notify.msg.<event>.title`). */
  title: string;
  /** Notices: the rendered text; events: empty (the client renders `notify.msg.<event>` with `values`). */
  text: string;
  values?: Record<string, string | number>;
  studentName?: string;
  createdAt: string;
  readAt?: string;
}

export interface InboxSummary {
  unread: number;
  pendingLeave: number;
  returnsToReview: number;
  followUpsDue: number;
}

/** One SMS the rules would have sent (no SMS is really sent). */
export interface OutboxRow {
  id: number;
  companyId: number;
  event: NotifyEvent | 'notice';
  receiver: NotifyReceiver;
  receiverName: string;
  mobile: string;
  /** The student an SMS to a parent is about (the outbox's scope: mock/domains/notify.ts `outboxRows`). */
  studentId?: number;
  /** Rendered by the client from `notify.msg.<event>` and values; notices carry their text. */
  values: Record<string, string | number>;
  text?: string;
  createdAt: string;
}

export interface Bulletin {
  id: number;
  title: string;
  body: string;
  startDate: string;
  endDate: string;
  pinned: boolean;
  authorName: string;
  createdAt: string;
  /** For the caller: read already. */
  read?: boolean;
}

export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'question', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export interface Feedback {
  id: number;
  companyId: number;
  companyName: string;
  userId: number;
  userName: string;
  category: FeedbackCategory;
  text: string;
  /** A data URL of the screenshot (images only, ≤ 2 MB). */
  screenshot?: string;
  createdAt: string;
}
