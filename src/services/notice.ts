/** Notices, templates, inboxes, notification rules, the SMS outbox, bulletins and feedback (docs/rules.md#notices-and-notifications, docs/screens.md#teaching-and-communication). */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { Bulletin, Feedback, FeedbackCategory, InboxMessage, InboxSummary, MessageTemplate, Notice, NoticeReceiver, NotifyEvent, NotifyReceiver, OutboxRow, ReceiverSegment, RuleCell, TemplateScene } from '@/types/notice';

export interface ReceiverChoiceBody {
  segment: ReceiverSegment;
  classIds?: number[];
  studentIds?: number[];
}
export interface ReceiverPreview {
  total: number;
  list: { studentId: number; studentName: string; parentName: string; mobile: string }[];
  preview?: string;
}

export const fetchTemplates = (q: ListQuery) => http.get<ListResult<MessageTemplate>>('/v2/message_template', q);
export const createTemplate = (body: { name: string; scene: TemplateScene; text: string }) => http.post<MessageTemplate>('/v2/message_template', body);
export const updateTemplate = (body: { id: number; name: string; scene: TemplateScene; text: string }) => http.put<MessageTemplate>('/v2/message_template', body);
export const deleteTemplate = (id: number) => http.delete<null>(`/v2/message_template/${id}`);

export const fetchReceivers = (body: ReceiverChoiceBody & { text?: string }) => http.post<ReceiverPreview>('/v2/notice/receivers', body);
export const fetchNotices = (q: ListQuery) => http.get<ListResult<Notice>>('/v2/notice', q);
export const sendNotice = (body: ReceiverChoiceBody & { title: string; text: string; templateId?: number; sendAt?: string }) => http.post<Notice>('/v2/notice', body);
export const fetchNotice = (id: number) => http.get<{ notice: Notice; receivers: NoticeReceiver[] }>(`/v2/notice/${id}`);

export const fetchInbox = (q: ListQuery) => http.get<ListResult<InboxMessage>>('/v2/inbox', q);
export const fetchInboxSummary = () => http.get<InboxSummary>('/v2/inbox/summary', undefined, { skipErrorHandler: true });
export const markRead = (body: { ids?: number[]; all?: boolean }) => http.post<{ read: number }>('/v2/inbox/read', body);

export const fetchRules = () => http.get<{ rules: RuleCell[]; receivers: Record<NotifyEvent, NotifyReceiver[]>; canEdit: boolean }>('/v2/notify/rules');
export const saveRule = (body: RuleCell) => http.put<RuleCell>('/v2/notify/rules', body);
export const fetchOutbox = (q: ListQuery) => http.get<ListResult<OutboxRow>>('/v2/notify/outbox', q);

export const fetchBulletins = (q: ListQuery) => http.get<ListResult<Bulletin>>('/v2/system_bulletin', q);
export const fetchUnreadBulletin = () => http.get<Bulletin | null>('/v2/system_bulletin/unread', undefined, { skipErrorHandler: true });
export const markBulletinRead = (id: number) => http.post<null>('/v2/system_bulletin/read', { id });
export const createBulletin = (body: Omit<Bulletin, 'id' | 'authorName' | 'createdAt' | 'read'>) => http.post<Bulletin>('/v2/system_bulletin', body);
export const updateBulletin = (body: Omit<Bulletin, 'authorName' | 'createdAt' | 'read'>) => http.put<Bulletin>('/v2/system_bulletin', body);
export const deleteBulletin = (id: number) => http.delete<null>(`/v2/system_bulletin/${id}`);

export const sendFeedback = (body: { category: FeedbackCategory; text: string; screenshot?: string }) => http.post<{ id: number }>('/v2/feedback', body);
export const fetchMyFeedback = (q: ListQuery) => http.get<ListResult<Feedback>>('/v2/feedback/mine', q);

export interface PosterInfo {
  companyName: string;
  /** The company's logo (data URL), or null: posters then write the company's name (issue 31). */
  companyLogo: string | null;
  campuses: { id: number; name: string; address: string; phone: string }[];
  forms: { code: string; name: string }[];
  /** Partner merchants, with their logo (data URL) when they have one. */
  merchants: { id: number; name: string; category: string; logo: string | null }[];
}
export const fetchPosterInfo = () => http.get<PosterInfo>('/v2/poster/info');
export const fetchClockIn = (studentId: number) => http.get<{ studentName: string; className: string; attended: number; campusName: string }>('/v2/poster/clock_in', { studentId });
export const updateAvatar = (avatar: string) => http.post<null>('/v2/user/avatar', { avatar });
export const fetchAllFeedback = (q: ListQuery) => http.get<ListResult<Feedback>>('/v2/feedback', q);
