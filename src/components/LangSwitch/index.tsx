import React from 'react';
import { Dropdown, Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import type { LocaleName } from '@/locales';

const LABELS: Record<LocaleName, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

/** Header language switch (en-US / zh-CN, docs/screens.md#every-screen). */
export default function LangSwitch() {
  const { locale, setLocale, t } = useIntl();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: (Object.keys(LABELS) as LocaleName[]).map((k) => ({ key: k, label: LABELS[k] })),
        onClick: ({ key }) => setLocale(key as LocaleName),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${LABELS[locale]} · ${t('header.language')}`}>
        {LABELS[locale]}
      </Button>
    </Dropdown>
  );
}
