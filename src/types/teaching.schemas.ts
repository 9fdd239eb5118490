/** Request bodies of homework and scores (docs/rules.md#homework-and-scores). */
import { date, id, ids, int, optText, text, z } from './schema';

export const HomeworkBody = z.object({
  classId: id(),
  /** Chosen students of the class; absent or empty = the whole class. */
  studentIds: ids(500, 0).optional(),
  title: text(60),
  content: text(2000),
  dueDate: date(),
});
export type HomeworkBody = z.output<typeof HomeworkBody>;

export const SubmitBody = z.object({ id: id(), text: text(2000) });
export const CheckBody = z.object({ id: id(), stars: int(1, 5), comment: optText(500) });
export const RejectBody = z.object({ id: id(), reason: text(200) });

const subject = z.object({ name: text(20), fullMark: int(1, 1000) });
export const ExamBody = z.object({
  id: id().optional(),
  classId: id(),
  name: text(60),
  date: date(),
  subjects: z.array(subject).min(1).max(10),
});
export type ExamBody = z.output<typeof ExamBody>;

export const ScoresBody = z.object({
  examId: id(),
  entries: z
    .array(
      z.object({
        studentId: id(),
        subject: text(20),
        /** null = not recorded (or absent). Bounds are checked against the subject's full mark. */
        score: z.number().nullable(),
        absent: z.boolean(),
      }),
    )
    .max(5000),
});
export type ScoresBody = z.output<typeof ScoresBody>;

export const IdsBody = z.object({ ids: ids() });
