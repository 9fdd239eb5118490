/** The parent's dashboard (issue 31, docs/rules.md#notices-and-notifications): one overview per child of the parent (customer) account. */
import type { SubmissionStatus } from '@/domain/homework';

export interface ParentLesson {
  id: number;
  date: string;
  start: string;
  end: string;
  className: string;
  roomName: string;
  teacherName: string;
}

export interface ParentHomework {
  id: number;
  title: string;
  className: string;
  dueDate: string;
  status: SubmissionStatus;
}

export interface ParentChild {
  studentId: number;
  name: string;
  campusName: string;
  /** Hours left on the usable count cards: `renewalState(...).usableHours`, the student list's figure. */
  hoursLeft: number;
  /** Usable cards (0: no usable card). */
  usableCards: number;
  /** Running low / expiring soon (`renewalState`). */
  low: boolean;
  expiring: boolean;
  /** The next scheduled lessons of the child's classes and booked reservations (at most 3). */
  nextLessons: ParentLesson[];
  /** Homework not handed in yet (pending or sent back), earliest due first. */
  homeworkDue: ParentHomework[];
  /** Unread messages in the parent's inbox about this child. */
  unreadNotices: number;
}

export interface ParentOverview {
  children: ParentChild[];
  /** Unread messages in the parent's inbox (about a child or not). */
  unreadTotal: number;
}
