/** The mock server's "today". MOCK_TODAY=YYYY-MM-DD pins it (tests); otherwise the real date. */
function pad(n: number) {
  return String(n).padStart(2, '0');
}

export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function today(): string {
  const pinned = typeof process !== 'undefined' ? process.env.MOCK_TODAY : undefined;
  return pinned && /^\d{4}-\d{2}-\d{2}$/.test(pinned) ? pinned : formatDate(new Date());
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00`);
  d.setDate(d.getDate() + days);
  return formatDate(d);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** "YYYY-MM-DD HH:mm:ss" for display-like timestamps. */
export function nowStamp(): string {
  const d = new Date();
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The earlier of a moment ('YYYY-MM-DD HH:mm' or with seconds) and the clock, as 'YYYY-MM-DD HH:mm:ss': a seed dates
 * nothing after the time it runs on (issue 31; mock/seedChecks.ts `futureProblems`).
 */
export function notAfterNow(stamp: string): string {
  const full = stamp.length === 16 ? `${stamp}:00` : stamp;
  const now = nowStamp();
  return full > now ? now : full;
}
