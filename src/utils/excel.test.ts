import { describe, expect, it } from 'vitest';
import { fetchAllPages, readWorkbook, writeWorkbook, ExportCancelled } from './excel';
import type { ListQuery } from '@/types/api';

const all = Array.from({ length: 450 }, (_, i) => ({ id: i + 1, name: `n${i + 1}` }));
const service = async (q: ListQuery) => {
  const rows = all.filter((r) => !q.keyword || r.name.includes(String(q.keyword)));
  const start = ((q.page ?? 1) - 1) * (q.pageSize ?? 10);
  return { list: rows.slice(start, start + (q.pageSize ?? 10)), total: rows.length };
};

describe('excel export', () => {
  it('reads every page with the same query, 200 a call, reporting progress', async () => {
    const seen: ListQuery[] = [];
    const progress: number[] = [];
    const rows = await fetchAllPages(async (q) => (seen.push(q), service(q)), { keyword: 'n1' }, { onProgress: (d) => progress.push(d) });
    expect(rows.length).toBe(all.filter((r) => r.name.includes('n1')).length);
    expect(seen.every((q) => q.keyword === 'n1' && q.pageSize === 200)).toBe(true);
    expect(progress.at(-1)).toBe(rows.length);
  });

  it('stops when cancelled', async () => {
    let calls = 0;
    await expect(fetchAllPages(async (q) => (calls++, service(q)), {}, { shouldStop: () => calls >= 1 })).rejects.toBeInstanceOf(ExportCancelled);
    expect(calls).toBe(1);
  });

  it('writes a workbook that reads back with its header and rows', async () => {
    const blob = await writeWorkbook<{ id: number; name: string }>('Test', [{ title: 'ID', value: (r) => r.id }, { title: 'Name', value: (r) => r.name }], all.slice(0, 3));
    const buf = await new Promise<ArrayBuffer>((res) => {
      const r = new FileReader();
      r.onload = () => res(r.result as ArrayBuffer);
      r.readAsArrayBuffer(blob);
    });
    const { headers, rows } = await readWorkbook(buf);
    expect(headers).toEqual(['ID', 'Name']);
    expect(rows).toEqual([[1, 'n1'], [2, 'n2'], [3, 'n3']]);
  });
});
