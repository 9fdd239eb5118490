/**
 * Exam scores (docs/rules.md#homework-and-scores): bounds of one score and statistics per subject, computed by the server and
 * shown by see-score. A score is 0 ≤ score ≤ full mark with at most 1 decimal; an absent student has no score and
 * is excluded from every statistic (counted apart). Pass = score ≥ 60 % of the full mark.
 */
export const PASS_RATIO = 0.6;

export type ScoreErrorCode = 'notNumber' | 'negative' | 'aboveFull' | 'decimals' | 'badFullMark';

/** Checks a full mark: a whole number 1–1000. */
export function validFullMark(fullMark: number): boolean {
  return Number.isInteger(fullMark) && fullMark >= 1 && fullMark <= 1000;
}

/** Why a score is refused, or undefined when it is valid. */
export function scoreProblem(score: number, fullMark: number): ScoreErrorCode | undefined {
  if (!validFullMark(fullMark)) return 'badFullMark';
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'notNumber';
  if (score < 0) return 'negative';
  if (score > fullMark) return 'aboveFull';
  if (Math.abs(Math.round(score * 10) - score * 10) > 1e-6) return 'decimals';
  return undefined;
}

export interface ScoreEntry {
  /** undefined / null when absent or not recorded. */
  score?: number | null;
  absent?: boolean;
}

export interface SubjectStats {
  /** Students with a score (absent and unrecorded excluded). */
  count: number;
  absent: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  /** Percent of present students at or above 60 % of the full mark, 1 decimal. */
  passRate: number | null;
  passLine: number;
}

const round1 = (n: number) => Math.round(n * 10 + 1e-9) / 10;

export function passLine(fullMark: number): number {
  return round1(fullMark * PASS_RATIO);
}

/** Statistics of one subject. */
export function subjectStats(entries: readonly ScoreEntry[], fullMark: number): SubjectStats {
  const line = passLine(fullMark);
  const absent = entries.filter((e) => e.absent).length;
  const scores = entries.filter((e) => !e.absent && typeof e.score === 'number').map((e) => e.score as number);
  if (scores.length === 0) return { count: 0, absent, average: null, highest: null, lowest: null, passRate: null, passLine: line };
  const sum = scores.reduce((a, b) => a + b, 0);
  const passed = scores.filter((s) => s >= fullMark * PASS_RATIO - 1e-9).length;
  return {
    count: scores.length,
    absent,
    average: round1(sum / scores.length),
    highest: Math.max(...scores),
    lowest: Math.min(...scores),
    passRate: round1((passed / scores.length) * 100),
    passLine: line,
  };
}
