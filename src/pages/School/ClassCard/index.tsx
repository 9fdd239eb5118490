/** /school/class-card: card templates (List), toolbar (ToolBarRender) with the InvalidStudent and RenewRemind modals. */
import React, { useRef } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import TemplateList from './List';
import { useToolBar } from './ToolBarRender';

export default function ClassCardPage() {
  const ref = useRef<ActionType>();
  const toolBar = useToolBar(() => ref.current?.reload());
  return (
    <div style={{ padding: 24 }}>
      <TemplateList actionRef={ref} toolBarRender={toolBar} />
    </div>
  );
}
