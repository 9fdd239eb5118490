/**
 * Excel import button of a list toolbar (issue 9): students or leads. The modal, the row checks (zod) and exceljs
 * load only when the button is used.
 *
 *   toolBarRender={() => [<ExcelImport key="import" kind="students" onDone={reload} />, ...]}
 */
import React, { Suspense, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import type { ImportModalProps } from './ImportModal';

const ImportModal = React.lazy(() => import(/* webpackChunkName: "excel-import" */ './ImportModal'));

export default function ExcelImport(props: Omit<ImportModalProps, 'open' | 'onClose'>) {
  const { t } = useIntl();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        data-testid="import-button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t('imp.button')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ImportModal {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
