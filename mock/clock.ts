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
