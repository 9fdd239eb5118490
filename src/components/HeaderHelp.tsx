/**
 * A column or figure title with a short help on what it counts (an info icon with a tooltip, reachable by keyboard),
 * e.g. "Student-hours" on the salary screens and "Lesson hours" on /analyze/staff (issue 30: one word per figure).
 */
import React from 'react';
import { Space, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';

export default function HeaderHelp({ title, help }: { title: string; help: string }) {
  return (
    <Space size={4}>
      <span>{title}</span>
      <Tooltip title={help}>
        <InfoCircleOutlined aria-label={help} tabIndex={0} />
      </Tooltip>
    </Space>
  );
}
