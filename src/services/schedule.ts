/**
 * Schedule domain calls (docs/rules.md#roll-call, #scheduling, docs/screens.md#students leave/reserve, docs/screens.md#schedule). One function per call; this file is the
 * list of the domain's calls. Lists take the list query of docs/api.md#lists.
 */
import { http, type RequestOptions } from '@/utils/request';
import { optionsGet } from './options';
import type { ListQuery, ListResult } from '@/types/api';
import type {
  Attendance,
  BatchScheduleInput,
  BatchScheduleResult,
  Lesson,
  LessonInput,
  Reservation,
  RollCallResult,
  RollCallSaveInput,
  RollCallStudent,
  RollCallView,
  ScheduleOverview,
  Trial,
  TrialInput,
  TrialStatus,
} from '@/types/schedule';
import type { LeaveRequest } from '@/types/school';

export interface Option {
  value: number;
  label: string;
}

export interface ScheduleFilterOptions {
  teachers: (Option & { campusId: number })[];
  rooms: (Option & { campusId: number; capacity: number })[];
  classes: (Option & { campusId: number; teacherId: number; roomId: number; hours: number; status: 'open' | 'closed' })[];
  campuses: Option[];
}

export interface LessonRangeQuery {
  startDate: string;
  endDate: string;
  teacherId?: number;
  classId?: number;
  roomId?: number;
  campusId?: number;
  includeCancelled?: boolean;
}

/* Lessons: /v2/lesson */
export const fetchLessons = (q: ListQuery) => http.get<ListResult<Lesson>>('/v2/lesson', q);
export const fetchLessonRange = (q: LessonRangeQuery) => http.get<Lesson[]>('/v2/lesson/range', q);
export const fetchLessonCalendar = (month: string) => http.get<Record<string, number>>('/v2/lesson/calendar', { month });
export const fetchScheduleOverview = () => http.get<ScheduleOverview>('/v2/lesson/overview');
export const fetchScheduleFilterOptions = () => optionsGet<ScheduleFilterOptions>('/v2/lesson/filter_options');
export const fetchLessonOptions = (params: { keyword?: string; studentId?: number } = {}) =>
  http.get<(Option & { date: string; free: number })[]>('/v2/lesson/options', params);
export const fetchLesson = (id: number) => http.get<{ lesson: Lesson; students: RollCallStudent[] }>(`/v2/lesson/${id}`);
/** Batch scheduling; a refusal (400) carries `clashes` in the error body (`RequestError.body`). */
export const batchSchedule = (body: BatchScheduleInput, options?: RequestOptions) => http.post<BatchScheduleResult>('/v2/lesson/batch', body, options);
export const createLesson = (body: LessonInput, options?: RequestOptions) => http.post<Lesson>('/v2/lesson', body, options);
export const updateLesson = (body: LessonInput & { id: number }, options?: RequestOptions) => http.put<Lesson>('/v2/lesson', body, options);
export const cancelLesson = (id: number, reason?: string) => http.post<Lesson>('/v2/lesson/cancel', { id, reason });

/* Roll call */
export const fetchRollCall = (lessonId: number) => http.get<RollCallView>(`/v2/lesson/${lessonId}/roll_call`);
export const saveRollCall = (body: RollCallSaveInput) => http.post<RollCallResult>('/v2/lesson/roll_call', body);
export const undoRollCall = (lessonId: number) => http.post<{ lesson: Lesson; proofs: number }>('/v2/lesson/roll_call/undo', { lessonId });
export const fetchAttendances = (q: ListQuery) => http.get<ListResult<Attendance>>('/v2/attendance', q);

/* Leave requests: /v2/leave */
export const fetchLeaveRequests = (q: ListQuery) => http.get<ListResult<LeaveRequest>>('/v2/leave', q);
export const createLeaveRequest = (body: { lessonId: number; studentId: number; reason: string }) => http.post<LeaveRequest>('/v2/leave', body);
export const approveLeaveRequest = (id: number, remark?: string) => http.post<LeaveRequest>('/v2/leave/approve', { id, remark });
export const rejectLeaveRequest = (id: number, remark?: string) => http.post<LeaveRequest>('/v2/leave/reject', { id, remark });

/* Reservations: /v2/reservation */
export const fetchReservations = (q: ListQuery) => http.get<ListResult<Reservation>>('/v2/reservation', q);
export const createReservation = (body: { lessonId: number; studentId: number; remark?: string }) => http.post<Reservation>('/v2/reservation', body);
export const cancelReservation = (id: number) => http.post<Reservation>('/v2/reservation/cancel', { id });

/* Free trials: /v2/trial */
export const fetchTrials = (q: ListQuery) => http.get<ListResult<Trial>>('/v2/trial', q);
export const fetchTrialLeadOptions = (keyword?: string) => http.get<(Option & { status: string })[]>('/v2/trial/lead_options', { keyword });
export const createTrial = (body: TrialInput, options?: RequestOptions) => http.post<Trial>('/v2/trial', body, options);
export const setTrialStatus = (id: number, status: TrialStatus) => http.post<Trial>('/v2/trial/status', { id, status });
