/**
 * A heading inside a page, drawer or modal: an h3 under the layout's h2 page title (docs/DEVELOPING.md "Headings",
 * axe heading-order), in the size of a small section title.
 */
import React from 'react';
import { Typography } from 'antd';

export default function SectionTitle({ children, style }: { children: React.ReactNode; style?: React.CSSProperties }) {
  return (
    <Typography.Title level={3} style={{ fontSize: 16, ...style }}>
      {children}
    </Typography.Title>
  );
}
