/**
 * One image picked from the user's files (feedback screenshots, avatars): images only (PNG, JPEG, GIF, WebP) up to
 * 2 MB, refused with a clear message otherwise (the server checks the same rule, src/domain/upload.ts). The value
 * is a data URL.
 */
import React from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@/locales/useIntl';
import { checkImageFile, IMAGE_TYPES } from '@/domain/upload';

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export default function ImageUpload({ value, onChange, id, label }: { value?: string; onChange?: (v?: string) => void; id?: string; label: string }) {
  const { t } = useIntl();
  const [error, setError] = React.useState<string>();
  return (
    <Space direction="vertical">
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={async (file) => {
          const problem = checkImageFile(file);
          if (problem) {
            setError(t(problem === 'type' ? 'upload.notImage' : 'upload.tooLarge'));
            return Upload.LIST_IGNORE;
          }
          setError(undefined);
          onChange?.(await readAsDataUrl(file));
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined />}>
          {t('upload.choose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('upload.hint')}</Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      {value && (
        <Space>
          <Image src={value} alt={label} width={120} />
          <Button size="small" onClick={() => onChange?.(undefined)}>
            {t('upload.remove')}
          </Button>
        </Space>
      )}
    </Space>
  );
}
