/** DrawTable: the week timetable as a table, time slots down, days across. */
import React from 'react';
import { Empty } from 'antd';
import { useIntl } from '@/locales/useIntl';
import type { SlotRow } from './timetable';
import styles from '../index.less';

export default function DrawTable({ rows, dayHeads }: { rows: SlotRow[]; dayHeads: string[] }) {
  const { t } = useIntl();
  if (!rows.length) return <Empty description={t('schedule.table.empty')} />;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className={styles.table} data-testid="draw-table">
        <thead>
          <tr>
            <th>{t('schedule.common.time')}</th>
            {dayHeads.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.start}-${r.end}`}>
              <th scope="row">
                {r.start}–{r.end}
              </th>
              {r.cells.map((cell, i) => (
                <td key={i}>
                  {cell.map((l) => (
                    <div key={l.id} className={styles.lesson}>
                      <strong>{l.className}</strong>
                      <span>{l.teacherName}</span>
                      <span className={styles.room}>{l.roomName}</span>
                    </div>
                  ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
