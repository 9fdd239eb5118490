import React from 'react';
import { Spin } from 'antd';

/** The loading screen: a large centred spinner (docs/screens.md#routes-and-shell). */
export default function Loading() {
  return (
    <div role="status" aria-busy="true" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', width: '100%' }}>
      <Spin size="large" />
    </div>
  );
}
