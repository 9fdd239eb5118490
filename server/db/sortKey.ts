/**
 * How names sort on both engines: by a sort key written beside the name (`*_sort` columns), its Chinese characters as
 * pinyin with tone numbers (pinyin-pro), other characters lowercased: 陈嘉怡 → "chen2 jia1 yi2", Alice → "alice".
 * Ordered with the "C" collation, so PGlite (no Chinese collation) and a PostgreSQL server (whatever its locale)
 * return the same order. The in-memory lists used ICU's zh-CN order, which differs only in the few characters ICU
 * reads otherwise and in putting Latin names after Chinese ones.
 */
import { pinyin } from 'pinyin-pro';

export function sortKey(text: string | null | undefined): string {
  if (!text) return '';
  return pinyin(text, { toneType: 'num', type: 'array', nonZh: 'consecutive', v: true })
    .map((part) => part.toLowerCase())
    .join(' ');
}
