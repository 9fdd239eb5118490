import React from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import RollCallDrawer from './components/RollCallDrawer';
import { loginAs, renderApp } from '../../../../tests/utils/render';
import { getDb } from '../../../../mock/db';
import { allArrears, allAttendances, allLessons, allStudents, lessonById, lessonsIn } from '../../../../mock/testing';
import { resetDb } from '../../../../mock/handlers';
import { allStaff } from '../../../../mock/testing';

/** Generous waits: CI runs this on 2 busy cores. */
const WAIT = { timeout: 10000 };

beforeEach(() => {
  resetDb();
});

async function todayLessonWithoutCard() {
  const db = getDb();
  const students = await allStudents();
  const today = dayjs().format('YYYY-MM-DD');
  const size = (classId: number) => students.filter((s) => s.status === 'active' && s.classIds.includes(classId)).length;
  return (await allLessons())
    .filter(
    (l) =>
      l.companyId === 2 &&
      l.date === today &&
      l.status === 'scheduled' &&
      students.some((s) => s.status === 'active' && s.classIds.includes(l.classId) && !db.studentCards.some((c) => c.studentId === s.id && c.status === 'active')),
    )
    .sort((a, b) => size(a.classId) - size(b.classId))[0];
}

describe('Roll-call drawer', () => {
  it('warns before a deduction would fail and saves every mark at once', async () => {
    const lesson = await todayLessonWithoutCard();
    expect(lesson).toBeTruthy();
    const session = await loginAs('dealer');
    renderApp(<RollCallDrawer lessonId={lesson!.id} onClose={() => undefined} onChanged={() => undefined} />, { session, route: '/schedule/class-record' });
    expect(await screen.findAllByText('No usable card', {}, WAIT)).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'All present' }));
    expect((await screen.findAllByTestId('deduction-warning', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.getByText(/no usable hours: saving records their lessons as arrears/)).toBeInTheDocument();
    const before = getDb().hourRecords.length;
    const arrearsBefore = (await allArrears()).length;
    fireEvent.click(screen.getByRole('button', { name: 'Save roll call' }));
    const pop = await screen.findByRole('tooltip', {}, WAIT);
    fireEvent.click(within(pop).getByRole('button', { name: /OK/ }));
    // The outcome is told inside the drawer (no toast over its title), in the past tense.
    const outcome = await screen.findByTestId('roll-call-outcome', {}, WAIT);
    expect(outcome).toHaveTextContent(/Roll call saved for \d+ students?/);
    await waitFor(() => expect(getDb().hourRecords.length).toBeGreaterThan(before), WAIT);
    expect((await lessonById(lesson!.id)).rollCalledAt).toBeTruthy();
    const failed = (await screen.findByText(/deductions? failed and (was|were) recorded as arrears/, {}, WAIT)).closest('.ant-alert')!;
    expect(failed).toHaveTextContent(/no hours were deducted/);
    // Each became an arrears item of this lesson (docs/rules.md#arrears), shown on its line instead of "No usable card".
    const items = (await allArrears()).slice(arrearsBefore);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.lessonId === lesson!.id && a.status === 'open')).toBe(true);
    expect((await screen.findAllByText('Arrears: Open', {}, WAIT)).length).toBe(items.length);
    expect(failed).not.toHaveTextContent(/will fail/);
    expect(screen.queryByText(/will fail/)).not.toBeInTheDocument();
  }, 60000);

  it('shows a past lesson with the card its records took from, not today\'s card state', async () => {
    const db = getDb();
    const usable = (id: number) => db.studentCards.some((c) => c.studentId === id && c.status === 'active');
    // A saved line that took hours from a card now used up or expired: today the student has no usable card.
    const att = (await allAttendances()).find((a) => a.companyId === 2 && !a.undoneAt && a.cardId !== undefined && a.hours < 0 && !usable(a.studentId))!;
    expect(att).toBeTruthy();
    const rec = db.hourRecords.find((r) => r.id === att.recordId)!;
    const session = await loginAs('dealer');
    renderApp(<RollCallDrawer lessonId={att.lessonId} onClose={() => undefined} onChanged={() => undefined} />, { session, route: '/schedule/class-record' });
    const table = await screen.findByTestId('roll-call-table', {}, WAIT);
    const row = (await within(table).findByText(att.studentName, {}, WAIT)).closest('tr')!;
    expect(row).toHaveTextContent(att.cardNo!);
    expect(row).not.toHaveTextContent('No usable card');
    expect(row).toHaveTextContent(rec.balanceAfter.toFixed(1));
  }, 60000);

  it('shows a teacher another lesson read-only: the server refuses it', async () => {
    const me = (await allStaff()).find((s) => s.userId === 4 && s.companyId === 2)!;
    const other = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.teacherId !== me.id && l.date === dayjs().format('YYYY-MM-DD'))!;
    const session = await loginAs('teacher');
    renderApp(<RollCallDrawer lessonId={other.id} onClose={() => undefined} onChanged={() => undefined} />, { session, route: '/schedule/class-record' });
    expect(await screen.findByText('No permission', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save roll call' })).not.toBeInTheDocument();
  });
});
