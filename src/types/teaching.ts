/**
 * Homework and exam scores (docs/rules.md#homework-and-scores, docs/screens.md#teaching-and-communication). Shared by the client and the mock backend.
 * Texts are plain text (screens render them as text, never HTML).
 */
import type { SubmissionStatus } from '@/domain/homework';
import type { SubjectStats } from '@/domain/scores';

export type { SubmissionStatus, SubjectStats };

export interface Homework {
  id: number;
  companyId: number;
  classId: number;
  className: string;
  teacherName: string;
  title: string;
  content: string;
  dueDate: string;
  /** Chosen students of the class (all the class's students when assigned to the class). */
  studentIds: number[];
  createdAt: string;
  createdBy: string;
  /** Derived: submissions per state. */
  counts: Record<SubmissionStatus, number> & { total: number };
}

export interface Submission {
  id: number;
  companyId: number;
  homeworkId: number;
  studentId: number;
  studentName: string;
  status: SubmissionStatus;
  text?: string;
  submittedAt?: string;
  stars?: number;
  comment?: string;
  rejectReason?: string;
  checkedAt?: string;
  checkerName?: string;
}

/** One student's homework (the /student/home-work list). */
export type StudentHomework = Submission & Pick<Homework, 'title' | 'content' | 'dueDate' | 'className'>;

export interface ExamSubject {
  name: string;
  fullMark: number;
}

export interface Exam {
  id: number;
  companyId: number;
  classId: number;
  className: string;
  name: string;
  date: string;
  subjects: ExamSubject[];
  createdAt: string;
  createdBy: string;
  /** Derived: students with at least one score recorded. */
  scoredCount: number;
  studentCount: number;
}

export interface ScoreCell {
  score: number | null;
  absent: boolean;
}

/** One row of an exam's sheet: a student and a cell per subject (by subject name). */
export interface ScoreSheetRow {
  studentId: number;
  studentName: string;
  cells: Record<string, ScoreCell>;
}

export interface ScoreSheet {
  exam: Exam;
  rows: ScoreSheetRow[];
  stats: (SubjectStats & ExamSubject)[];
}

/** One student's scores over time (student-score). */
export interface StudentScoreRow {
  examId: number;
  examName: string;
  date: string;
  className: string;
  subject: string;
  fullMark: number;
  score: number | null;
  absent: boolean;
  /** The subject's class average in that exam. */
  average: number | null;
}
