/** Leave requests, reservations and free trials (docs/screens.md#students, #schedule) as the demo manager. */
import { test, expect, type Page } from './fixtures';
import { dismissReminder, login, open, resetBackend, sessionHeaders, rowAction } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { ...(await sessionHeaders(page)), 'accept-language': 'en-US' } });
  expect(res.ok(), `${path} → ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

function ymd(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type LessonOption = { value: number; label: string; date: string; free: number };
type LessonStudent = { studentId: number; studentName: string; approvedLeave?: boolean; mark?: string };
type Leave = { id: number; studentId: number; studentName: string; lessonId: number; lessonLabel: string; status: string };

/** Types into a searchable select of the open dialog (or page) and clicks the option with exactly this title. */
async function choose(page: Page, label: string, search: string, title: string) {
  const scope = (await page.getByRole('dialog').count()) ? page.getByRole('dialog') : page;
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').and(page.locator(`[title="${title.replace(/"/g, '\\"')}"]`)).click();
}

/** The customer center shows mobiles as "137 5555 0123". */
const spaced = (m: string) => `${m.slice(0, 3)} ${m.slice(3, 7)} ${m.slice(7)}`;

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.getByRole('button', { name: /Query|查 询/ }).click();
}

const futureOptions = async (page: Page) => {
  const today = ymd(new Date());
  return (await api<LessonOption[]>(page, '/v2/lesson/options')).filter((o) => o.date > today);
};

test('manager creates a leave request, approves it (pre-marked "leave" in the roll call) and rejects another', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  const leaves = (await api<{ list: Leave[] }>(page, '/v2/leave?pageSize=200')).list;
  // A future lesson and one of its students without a leave request yet (names unique within the lesson).
  let target: { lesson: LessonOption; student: LessonStudent } | undefined;
  for (const lesson of await futureOptions(page)) {
    const { students } = await api<{ students: LessonStudent[] }>(page, `/v2/lesson/${lesson.value}`);
    const student = students.find(
      (s) => !s.approvedLeave && !leaves.some((l) => l.lessonId === lesson.value && l.studentId === s.studentId) && students.filter((x) => x.studentName === s.studentName).length === 1,
    );
    if (student) {
      target = { lesson, student };
      break;
    }
  }
  expect(target, 'a future lesson with a student').toBeTruthy();
  const { lesson, student } = target!;
  const other = leaves.find((l) => l.status === 'pending' && l.studentId !== student.studentId)!;
  expect(other, 'a seeded pending leave').toBeTruthy();
  const reason = `E2E leave ${Date.now()}`;

  await open(page, '/student/list?tab=leave');
  await page.getByRole('button', { name: 'New leave request' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('New leave request')).toBeVisible();
  await choose(page, 'Lesson', lesson.date, lesson.label);
  await choose(page, 'Student', student.studentName, student.studentName);
  await dialog.getByLabel('Reason', { exact: true }).fill(reason);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toHaveCount(0);

  await search(page, 'Student, lesson or reason', reason);
  const mine = page.locator('.ant-table-row', { hasText: reason });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(student.studentName);
  await expect(mine).toContainText('Pending');

  // Approve: the row says so, and the lesson's roll call has the student pre-marked "leave".
  await (await rowAction(mine, 'Approve')).click();
  const approve = page.getByRole('dialog');
  await expect(approve.getByText(`Approve the leave of ${student.studentName}`)).toBeVisible();
  await approve.getByLabel('Note (optional)', { exact: true }).fill('OK, make-up next week');
  await approve.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('Leave approved', { exact: true })).toBeVisible();
  await expect(mine).toContainText('Approved');
  await expect(mine).toContainText('OK, make-up next week');
  await expect(mine.getByText('Approve', { exact: true })).toHaveCount(0);

  const rollCall = await api<{ students: LessonStudent[] }>(page, `/v2/lesson/${lesson.value}/roll_call`);
  const line = rollCall.students.find((s) => s.studentId === student.studentId)!;
  expect(line.approvedLeave).toBe(true);
  expect(line.mark).toBe('leave');

  // Reject a pending request of another student.
  await search(page, 'Student, lesson or reason', other.studentName);
  const theirs = page.locator('.ant-table-row', { hasText: other.lessonLabel }).filter({ hasText: other.studentName }).filter({ hasText: 'Pending' });
  await expect(theirs).toHaveCount(1);
  await (await rowAction(theirs, 'Reject')).click();
  const reject = page.getByRole('dialog');
  await expect(reject.getByText(`Reject the leave of ${other.studentName}`)).toBeVisible();
  await reject.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('Leave rejected', { exact: true })).toBeVisible();
  const rejected = page.locator('.ant-table-row', { hasText: other.lessonLabel }).filter({ hasText: other.studentName });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected.getByText('Reject', { exact: true })).toHaveCount(0);
  const after = (await api<{ list: Leave[] }>(page, '/v2/leave?pageSize=200')).list;
  expect(after.find((l) => l.id === other.id)!.status).toBe('rejected');
  expect(after.find((l) => l.lessonId === lesson.value && l.studentId === student.studentId)!.status).toBe('approved');

  // The roll-call drawer of that lesson shows the approved leave with "Leave" selected.
  await open(page, `/schedule/class-record?lessonId=${lesson.value}`);
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByTestId('roll-call-table')).toBeVisible();
  const drawerRow = drawer.locator('tr', { hasText: student.studentName });
  await expect(drawerRow.getByText('Leave approved')).toBeVisible();
  await expect(drawerRow.locator('.ant-radio-button-wrapper-checked')).toHaveText('Leave');
});

test('manager books a student into a future lesson within capacity, then cancels the booking', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  const students = await api<{ value: number; label: string }[]>(page, '/v2/student/options');
  const options = await futureOptions(page);
  let pick: { student: { value: number; label: string }; lesson: LessonOption } | undefined;
  for (const student of students.slice(0, 10)) {
    const mine = new Set((await api<LessonOption[]>(page, `/v2/lesson/options?studentId=${student.value}`)).map((o) => o.value));
    const lesson = options.find((o) => o.free > 0 && !mine.has(o.value));
    if (lesson) {
      pick = { student, lesson };
      break;
    }
  }
  expect(pick, 'a student and a future lesson with room').toBeTruthy();
  const { student, lesson } = pick!;
  const name = student.label.replace(/ \(.*\)$/, '');
  const remark = `E2E booking ${Date.now()}`;

  await open(page, '/student/list?tab=reserve');
  await page.getByRole('button', { name: 'Book a lesson' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Book a lesson')).toBeVisible();
  await choose(page, 'Student', name, student.label);
  await choose(page, 'Lesson', lesson.date, `${lesson.label} (${lesson.free} ${lesson.free === 1 ? 'place' : 'places'} free)`);
  await dialog.getByLabel('Remark', { exact: true }).fill(remark);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(dialog).toHaveCount(0);

  const booked = (await api<{ list: { id: number; status: string; lessonLabel: string; remark?: string }[] }>(page, `/v2/reservation?studentId=${student.value}&lessonId=${lesson.value}`)).list;
  expect(booked).toHaveLength(1);
  expect(booked[0].status).toBe('booked');
  // The lesson now counts the booked student.
  const { students: inLesson } = await api<{ students: LessonStudent[] }>(page, `/v2/lesson/${lesson.value}`);
  expect(inLesson.some((s) => s.studentId === student.value)).toBe(true);

  await search(page, 'Student or lesson', name);
  const row = page.locator('.ant-table-row', { hasText: remark });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(booked[0].lessonLabel);
  await expect(row).toContainText('Booked');

  await (await rowAction(row, 'Cancel')).click();
  const pop = page.locator('.ant-popconfirm:visible');
  await expect(pop).toContainText(`Cancel the booking of ${name}?`);
  await pop.getByRole('button', { name: /OK|Yes|确 定/ }).click();
  await expect(page.getByText('Booking cancelled', { exact: true })).toBeVisible();
  await expect(row).toContainText('Cancelled');
  await expect(row.getByText('Cancel', { exact: true })).toHaveCount(0);
  const after = (await api<{ list: { status: string }[] }>(page, `/v2/reservation?studentId=${student.value}&lessonId=${lesson.value}`)).list;
  expect(after.map((r) => r.status)).toEqual(['cancelled']);
});

test('manager books a free trial for a new name, marks it attended then converted; a no-show sends a lead back to following', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  const mobile = '13755550123';
  const leadName = 'E2E 试听';
  expect(await api<unknown[]>(page, `/v2/trial/lead_options?keyword=${mobile}`)).toHaveLength(0);
  const lesson = (await futureOptions(page)).find((o) => o.free > 0)!;
  expect(lesson, 'a future lesson with room').toBeTruthy();

  await open(page, '/schedule/free/add');
  await page.getByText('New name and mobile', { exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(leadName);
  await page.getByLabel('Mobile', { exact: true }).fill(mobile);
  await choose(page, 'Lesson', lesson.date, `${lesson.label} (${lesson.free} ${lesson.free === 1 ? 'place' : 'places'} free)`);
  await page.getByRole('button', { name: 'Book the trial' }).click();
  await expect(page.getByText('Trial booked; the lead is now "trial booked".')).toBeVisible();
  await expect(page).toHaveURL(/\/schedule\/free\/list/);

  await search(page, 'Name, mobile, class or course', mobile);
  const row = page.locator('.ant-table-row', { hasText: mobile });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(leadName);
  await expect(row).toContainText(`${lesson.date}`);
  await expect(row).toContainText('Booked');
  await (await rowAction(row, 'Attended')).click();
  await expect(page.getByText('Trial marked Attended')).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('Attended');
  await expect(row.getByText('No-show', { exact: true })).toHaveCount(0);

  // The new lead is in the customer center, "trial booked".
  await open(page, '/customer');
  await search(page, 'Name, mobile, parent or course', mobile);
  const lead = page.locator('.ant-table-row', { hasText: spaced(mobile) });
  await expect(lead).toHaveCount(1);
  await expect(lead).toContainText(leadName);
  await expect(lead.locator('td').nth(3)).toHaveText('Trial booked');

  // Converted (with its confirmation): the lead becomes formal.
  await open(page, '/schedule/free/list');
  await search(page, 'Name, mobile, class or course', mobile);
  await (await rowAction(row, 'Convert to student')).click();
  const pop = page.locator('.ant-popconfirm:visible');
  await expect(pop).toContainText(`Convert ${leadName} to a student?`);
  await pop.getByRole('button', { name: /OK|Yes|确 定/ }).click();
  await expect(page.getByText('Trial marked Converted')).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('Converted');
  await open(page, '/customer');
  await search(page, 'Name, mobile, parent or course', mobile);
  await expect(lead.locator('td').nth(3)).toHaveText('Converted');

  // Another trial, booked for a lead that is "trial booked": a no-show sends the lead back to following.
  const trials = (await api<{ list: { id: number; leadId?: number; leadName: string; mobile: string; status: string }[] }>(page, '/v2/trial?status=booked&pageSize=100')).list;
  const other = trials.find((tr) => tr.leadId !== undefined && tr.mobile !== mobile && trials.filter((x) => x.mobile === tr.mobile).length === 1)!;
  expect(other, 'a seeded booked trial of a lead').toBeTruthy();
  await open(page, '/customer');
  await search(page, 'Name, mobile, parent or course', other.mobile);
  const otherLead = page.locator('.ant-table-row', { hasText: spaced(other.mobile) });
  await expect(otherLead).toHaveCount(1);
  await expect(otherLead.locator('td').nth(3)).toHaveText('Trial booked');
  await open(page, '/schedule/free/list');
  await search(page, 'Name, mobile, class or course', other.mobile);
  const otherRow = page.locator('.ant-table-row', { hasText: other.mobile });
  await expect(otherRow).toHaveCount(1);
  await (await rowAction(otherRow, 'No-show')).click();
  await expect(page.getByText('Trial marked No-show')).toBeVisible();
  await expect(otherRow.locator('.ant-tag')).toHaveText('No-show');
  await expect(await rowAction(otherRow, 'Rebook')).toBeVisible();
  await open(page, '/customer');
  await search(page, 'Name, mobile, parent or course', other.mobile);
  await expect(otherLead.locator('td').nth(3)).toHaveText('Following');
});
