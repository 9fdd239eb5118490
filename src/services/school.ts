/**
 * School setup, students, class cards and the hour ledger (docs/rules.md#cards-and-hours, docs/screens.md#school-setup, #students). One function per call;
 * this file is the list of the domain's calls. Lists take the list query of docs/api.md#lists.
 */
import { http } from '@/utils/request';
import { optionsGet } from './options';
import { STUDENT_LIST } from './listCalls';
import type { ListQuery, ListResult } from '@/types/api';
import type { ArrearsSettlement } from '@/types/arrears';
import type {
  CardKind,
  CardOrder,
  CardTemplate,
  ClassStatus,
  Gender,
  HourRecord,
  PayMethod,
  Room,
  SchoolClass,
  Staff,
  StaffStatus,
  Student,
  StudentCard,
  StudentStatus,
} from '@/types/school';
import type { Role } from '@/types/session';
import type { ValuePool } from '@/domain/revenue';

export interface Option {
  value: number;
  label: string;
}

/* Staff: /v2/company_staff (docs/api.md#calls-named-by-the-spec) */
export interface StaffBody {
  id?: number;
  name: string;
  mobile: string;
  role: Role;
  campusId: number;
  status: StaffStatus;
  hireDate: string;
  salaryPlanId?: number;
}
export const fetchStaff = (q: ListQuery) => http.get<ListResult<Staff>>('/v2/company_staff', q);
/** `role`: one role or several separated by commas. */
export const fetchStaffOptions = (params: { role?: Role | string; campusId?: number } = {}) => optionsGet<Option[]>('/v2/company_staff/options', params);
export const createStaff = (body: StaffBody) => http.post<Staff>('/v2/company_staff', body);
export const updateStaff = (body: StaffBody & { id: number }) => http.put<Staff>('/v2/company_staff', body);
export const deleteStaff = (id: number) => http.delete<null>(`/v2/company_staff/${id}`);

/* Rooms: /v2/company_dance_room (docs/api.md#calls-named-by-the-spec) */
export interface RoomBody {
  id?: number;
  campusId: number;
  name: string;
  capacity: number;
}
export const fetchRooms = (q: ListQuery) => http.get<ListResult<Room>>('/v2/company_dance_room', q);
export const fetchRoomOptions = (params: { campusId?: number } = {}) => optionsGet<Option[]>('/v2/company_dance_room/options', params);
export const createRoom = (body: RoomBody) => http.post<Room>('/v2/company_dance_room', body);
export const updateRoom = (body: RoomBody & { id: number }) => http.put<Room>('/v2/company_dance_room', body);
export const deleteRoom = (id: number) => http.delete<null>(`/v2/company_dance_room/${id}`);

/* Classes: /v2/company_class (docs/api.md#calls-named-by-the-spec) */
export interface ClassBody {
  id?: number;
  campusId: number;
  name: string;
  course: string;
  teacherId: number;
  roomId: number;
  capacity: number;
  hoursPerLesson: number;
  startDate: string;
  endDate: string;
  status: ClassStatus;
}
export const fetchClasses = (q: ListQuery) => http.get<ListResult<SchoolClass>>('/v2/company_class', q);
/** `all: 1` includes closed classes. */
export const fetchClassOptions = (params: { campusId?: number; teacherId?: number; all?: 1; enrol?: 1 } = {}) => optionsGet<Option[]>('/v2/company_class/options', params);
export const createClass = (body: ClassBody) => http.post<SchoolClass>('/v2/company_class', body);
export const updateClass = (body: ClassBody & { id: number }) => http.put<SchoolClass>('/v2/company_class', body);
export const deleteClass = (id: number) => http.delete<null>(`/v2/company_class/${id}`);
export const enrolStudents = (classId: number, studentIds: number[]) => http.post<SchoolClass>('/v2/company_class/enrol', { classId, studentIds });
export const removeFromClass = (classId: number, studentId: number) => http.post<SchoolClass>('/v2/company_class/remove', { classId, studentId });

/* Campuses of the company (for forms). */
export const fetchCampusOptions = () => optionsGet<Option[]>('/v2/school/campus_options');

/* Card templates: /v2/card_template */
export interface TemplateBody {
  id?: number;
  name: string;
  kind: CardKind;
  hours: number;
  giftHours: number;
  price: number;
  validDays: number;
  classIds: number[];
  onSale: boolean;
}
export const fetchTemplates = (q: ListQuery) => http.get<ListResult<CardTemplate>>('/v2/card_template', q);
export const fetchTemplateOptions = () => optionsGet<(Option & { template: CardTemplate })[]>('/v2/card_template/options');
export const createTemplate = (body: TemplateBody) => http.post<CardTemplate>('/v2/card_template', body);
export const updateTemplate = (body: TemplateBody & { id: number }) => http.put<CardTemplate>('/v2/card_template', body);
export const deleteTemplate = (id: number) => http.delete<null>(`/v2/card_template/${id}`);

/* Students: /v2/student */
export interface StudentBody {
  id?: number;
  campusId: number;
  name: string;
  mobile: string;
  parentName?: string;
  gender: Gender;
  birthday?: string;
  status?: StudentStatus;
  remark?: string;
  classIds?: number[];
}
export type StudentRow = Student & { classNames: string[]; activeHours: number; cardState: 'none' | 'active' | 'low' | 'inactive' };
export interface StudentLesson {
  id: number;
  date: string;
  className: string;
  teacherName: string;
  status: string;
}
export interface StudentDetail {
  student: Student;
  classes: SchoolClass[];
  cards: StudentCard[];
  records: HourRecord[];
  lessons: StudentLesson[];
}
export const fetchStudents = (q: ListQuery) => http.get<ListResult<StudentRow>>(STUDENT_LIST.url, q);
/** `id`: include that student first (a form showing a preset student); `hasCard: 1`: only holders of a card not invalidated. */
export const fetchStudentOptions = (params: { keyword?: string; id?: number; hasCard?: 1 } = {}) => http.get<Option[]>('/v2/student/options', params);
export const fetchStudentDetail = (id: number) => http.get<StudentDetail>(`/v2/student/${id}`);
export const createStudent = (body: StudentBody) => http.post<Student>('/v2/student', body);
export const updateStudent = (body: StudentBody & { id: number }) => http.put<Student>('/v2/student', body);
export const deleteStudent = (id: number) => http.delete<null>(`/v2/student/${id}`);

/* Student cards and their operations: /v2/student_card */
export interface SellBody {
  studentId: number;
  templateId: number;
  amount: number;
  method: PayMethod;
  sellerId: number;
  startDate: string;
  hours?: number;
  giftHours?: number;
}
export interface CardOpResult {
  card: StudentCard;
  record?: HourRecord;
  order?: CardOrder;
  balanceBefore: number;
  balanceAfter: number;
  /** A sale or renewal: the student's arrears it settled (docs/rules.md#arrears). */
  arrears?: ArrearsSettlement;
}
export const fetchStudentCards = (q: ListQuery) => http.get<ListResult<StudentCard>>('/v2/student_card', q);
export const fetchStudentCard = (id: number) => http.get<StudentCard>(`/v2/student_card/${id}`);
export const fetchCardOptions = (studentId: number) => http.get<(Option & { card: StudentCard })[]>('/v2/student_card/options', { studentId });
export const sellCard = (body: SellBody) => http.post<CardOpResult>('/v2/student_card/sell', body);
export const renewCard = (body: { cardId: number; hours: number; giftHours?: number; amount: number; method: PayMethod; sellerId: number; expiryDate?: string }) =>
  http.post<CardOpResult>('/v2/student_card/renew', body);
export const giftHours = (body: { cardId: number; hours: number; reason?: string }) => http.post<CardOpResult>('/v2/student_card/gift', body);
export const consumeHours = (body: { cardId: number; hours: number; reason: string }) => http.post<CardOpResult>('/v2/student_card/consume', body);
/** The card's value pool and the most hours a return may ask for (`returnRefund(pool, hours)` is the refund). */
export const fetchReturnQuote = (cardId: number) => http.get<{ cardId: number; maxHours: number; pool: ValuePool }>('/v2/student_card/return_quote', { cardId });
export const requestReturn = (body: { cardId: number; hours: number; reason?: string }) => http.post<CardOpResult>('/v2/student_card/return', body);
export const reviewReturnRequest = (body: { recordId: number; approve: boolean }) => http.post<CardOpResult>('/v2/student_card/review', body);
export const correctHours = (body: { cardId: number; hours: number; reason: string }) => http.post<CardOpResult>('/v2/student_card/correct', body);
export const invalidateCard = (body: { cardId: number; reason: string }) => http.post<CardOpResult>('/v2/student_card/invalidate', body);

/** Cards running low or expiring soon (RenewRemind, dashboard widget). */
export type RemindRow = StudentCard & { low: boolean; expiring: boolean; daysLeft: number; mobile: string; parentName: string; remindedAt?: string };
export const fetchRenewRemind = (q: ListQuery) => http.get<ListResult<RemindRow> & { students: number; threshold: number; days: number }>('/v2/student_card/renew_remind', q);
export const sendRenewRemind = (cardIds: number[]) => http.post<{ sent: number }>('/v2/student_card/remind', { cardIds });

/* Ledger and orders */
export const fetchHourRecords = (q: ListQuery) => http.get<ListResult<HourRecord>>('/v2/hour_record', q);
export const fetchCardOrders = (q: ListQuery) => http.get<ListResult<CardOrder>>('/v2/card_order', q);

/* /Welcome checklist */
export interface ChecklistItem {
  key: 'campus' | 'rooms' | 'staff' | 'classes' | 'templates' | 'students';
  count: number;
  done: boolean;
  path: string;
}
export const fetchChecklist = () => http.get<ChecklistItem[]>('/v2/school/checklist');
