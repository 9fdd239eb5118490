/** A settings-like page: one card with its title over a form, a spinner while its values load (issue 34). */
import React from 'react';
import { Card, Spin, Typography } from 'antd';

export default function FormPage({ title, loading, after, children }: { title: string; loading: boolean; after?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div style={{ padding: 24 }}>
      <Spin spinning={loading}>
        <Card>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </Card>
        {after}
      </Spin>
    </div>
  );
}
