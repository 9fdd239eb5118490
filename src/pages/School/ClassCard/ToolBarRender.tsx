/** Toolbar of /school/class-card: new template, RenewRemind, InvalidStudent. */
import React from 'react';
import { Button } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';
import { TemplateForm } from './List';
import InvalidStudent from './InvalidStudent';
import RenewRemind from './RenewRemind';

export function useToolBar(reload: () => void) {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  return () => [
    <RenewRemind key="remind" trigger={<Button>{t('remind.title')}</Button>} />,
    ...(caps.invalidate ? [<InvalidStudent key="invalid" onDone={reload} trigger={<Button danger>{t('invalid.title')}</Button>} />] : []),
    ...(caps.editSetup ? [<TemplateForm key="add" onDone={reload} trigger={<Button type="primary">{t('template.add')}</Button>} />] : []),
  ];
}
