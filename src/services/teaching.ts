/** Homework and exam scores (docs/rules.md#homework-and-scores). One function per call. */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type { Exam, Homework, ScoreSheet, StudentHomework, StudentScoreRow, Submission } from '@/types/teaching';
import type { ExamBody, HomeworkBody, ScoresBody } from '@/types/teaching.schemas';

export const fetchHomework = (q: ListQuery) => http.get<ListResult<Homework>>('/v2/homework', q);
export const createHomework = (body: HomeworkBody) => http.post<Homework>('/v2/homework', body);
export const deleteHomework = (id: number) => http.delete<null>(`/v2/homework/${id}`);
export const fetchSubmissions = (homeworkId: number, q: ListQuery = {}) =>
  http.get<ListResult<Submission> & { homework: Homework; canCheck: boolean }>(`/v2/homework/${homeworkId}/submissions`, { pageSize: 200, ...q });
export const checkSubmission = (body: { id: number; stars: number; comment?: string }) => http.post<Submission>('/v2/homework/submission/check', body);
export const rejectSubmission = (body: { id: number; reason: string }) => http.post<Submission>('/v2/homework/submission/reject', body);
export const submitSubmission = (body: { id: number; text: string }) => http.post<Submission>('/v2/homework/submission/submit', body);
export const fetchClassStudents = (classId: number) => http.get<{ value: number; label: string }[]>('/v2/homework/class_students', { classId });
export const fetchStudentClasses = (studentId: number) => http.get<{ value: number; label: string }[]>('/v2/homework/student_classes', { studentId });
export const fetchStudentHomework = (q: ListQuery & { studentId: number }) => http.get<ListResult<StudentHomework>>('/v2/homework/student', q);

export const fetchExams = (q: ListQuery) => http.get<ListResult<Exam>>('/v2/exam', q);
export const createExam = (body: ExamBody) => http.post<Exam>('/v2/exam', body);
export const updateExam = (body: ExamBody & { id: number }) => http.put<Exam>('/v2/exam', body);
export const deleteExam = (id: number) => http.delete<null>(`/v2/exam/${id}`);
export const fetchScoreSheet = (examId: number) => http.get<ScoreSheet & { canEdit: boolean }>(`/v2/exam/${examId}/sheet`);
export const saveScores = (body: ScoresBody) => http.post<ScoreSheet>('/v2/exam/scores', body);
export const fetchStudentScores = (q: ListQuery & { studentId: number }) => http.get<ListResult<StudentScoreRow>>('/v2/exam/student', q);
