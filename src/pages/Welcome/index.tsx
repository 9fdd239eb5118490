/** /Welcome: getting-started checklist (docs/screens.md#shell): campus, rooms, staff, classes, card templates, students. */
import React from 'react';
import { Button, Card, List, Progress, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, ClockCircleOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchChecklist } from '@/services/school';

export default function WelcomePage() {
  const { t } = useIntl();
  const { data, loading } = useRequest(fetchChecklist);
  const done = data?.filter((i) => i.done).length ?? 0;
  return (
    <div style={{ padding: 24, maxWidth: 880 }}>
      <Typography.Title level={3}>{t('welcome.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('welcome.intro')}</Typography.Paragraph>
      <Card>
        {loading || !data ? (
          <Skeleton active />
        ) : (
          <>
            <Progress aria-label={t('welcome.progress', { done, total: data.length })} percent={Math.round((done / data.length) * 100)} format={() => t('welcome.progress', { done, total: data.length })} style={{ marginBottom: 16 }} />
            <List
              dataSource={data}
              renderItem={(item, i) => (
                <List.Item
                  data-testid={`check-${item.key}`}
                  actions={[
                    <Button key="go" type={item.done ? 'default' : 'primary'} onClick={() => history.push(item.path)}>
                      {item.done ? t('welcome.open') : t('welcome.start')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    avatar={item.done ? <CheckCircleTwoTone twoToneColor="#52c41a" style={{ fontSize: 22 }} /> : <ClockCircleOutlined style={{ fontSize: 22 }} />}
                    title={`${i + 1}. ${t(`welcome.item.${item.key}`)}`}
                    description={t(`welcome.item.${item.key}.hint`)}
                  />
                  {item.done ? <Tag color="green">{t('welcome.done', { n: item.count })}</Tag> : <Tag>{t('welcome.todo')}</Tag>}
                </List.Item>
              )}
            />
          </>
        )}
      </Card>
    </div>
  );
}
