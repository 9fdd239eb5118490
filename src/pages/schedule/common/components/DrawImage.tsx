/** DrawImage: the week timetable painted on a canvas and downloaded as a PNG for parents. */
import React, { useEffect, useRef } from 'react';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { drawTimetable, type DrawLabels, type SlotRow } from './timetable';

export default function DrawImage({ rows, labels, fileName }: { rows: SlotRow[]; labels: DrawLabels; fileName: string }) {
  const { t } = useIntl();
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) drawTimetable(ref.current, rows, labels);
  }, [rows, labels]);
  const download = () => {
    const canvas = ref.current;
    if (!canvas) return;
    drawTimetable(canvas, rows, labels);
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<DownloadOutlined />} onClick={download}>
          {t('schedule.common.download')}
        </Button>
        <Typography.Text type="secondary">{t('schedule.common.imageHint')}</Typography.Text>
      </Space>
      <div style={{ overflow: 'auto', border: '1px solid #f0f0f0', maxHeight: 640 }}>
        <canvas ref={ref} data-testid="timetable-canvas" role="img" aria-label={labels.title} style={{ width: '100%', maxWidth: 1380, display: 'block' }} />
      </div>
    </div>
  );
}
