/** /school/class-card: card templates (List), toolbar (ToolBarRender) with the InvalidStudent and RenewRemind modals. */
import React, { useRef } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import TemplateList from './components/List';
import { useToolBar } from './components/ToolBarRender';

export default function ClassCardPage() {
  const ref = useRef<ActionType>();
  const tools = useToolBar(() => ref.current?.reload());
  return <TemplateList actionRef={ref} tools={tools} />;
}
