/**
 * The API's local date-times ('YYYY-MM-DD HH:mm:ss', in the server's time zone, as the screens show them) and the
 * database's `timestamp with time zone` columns.
 */

/** A local 'YYYY-MM-DD HH:mm:ss' (or a date alone) as an instant. */
export function stampDate(text: string): Date {
  const [d, t = '00:00:00'] = text.split(' ');
  const [y, mo, da] = d.split('-').map(Number);
  const [h, mi, se] = t.split(':').map(Number);
  return new Date(y, mo - 1, da, h, mi, se || 0);
}

/** An instant as a local 'YYYY-MM-DD HH:mm:ss'. */
export function stampOf(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The server's time zone (IANA name): the zone of the API's local date-times. */
export const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
