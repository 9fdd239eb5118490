/** Toolbar of /school/class-card besides Export and the new template (src/components/crud): RenewRemind, InvalidStudent. */
import React from 'react';
import { Button } from 'antd';
import { useIntl } from '@/locales/useIntl';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';
import InvalidStudent from './InvalidStudent';
import RenewRemind from './RenewRemind';

export function useToolBar(reload: () => void) {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  return [
    <RenewRemind key="remind" trigger={<Button>{t('remind.title')}</Button>} />,
    ...(caps.invalidate ? [<InvalidStudent key="invalid" onDone={reload} trigger={<Button danger>{t('invalid.title')}</Button>} />] : []),
  ];
}
