/**
 * Header jump search (issue 9): type a name or a mobile (or press Ctrl+K / ⌘K from anywhere), pick a student, lead or
 * staff member, and the record opens. The server answers within the caller's access (GET /v2/search).
 */
import React, { useEffect, useRef, useState } from 'react';
import { AutoComplete, Input, Tag, Typography, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { jumpSearch } from '@/services/search';
import type { JumpHit } from '@/types/search';

export default function JumpSearch() {
  const { t } = useIntl();
  const [value, setValue] = useState('');
  const [hits, setHits] = useState<JumpHit[]>([]);
  const seq = useRef(0);
  const input = useRef<InputRef>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    setValue(text);
    clearTimeout(timer.current);
    const kw = text.trim();
    if (!kw) {
      setHits([]);
      return;
    }
    timer.current = setTimeout(async () => {
      const n = ++seq.current;
      try {
        const res = await jumpSearch(kw);
        if (n === seq.current) setHits(res);
      } catch {
        if (n === seq.current) setHits([]);
      }
    }, 250);
  };

  const open = (key: string) => {
    const h = hits.find((x) => `${x.kind}-${x.id}` === key);
    if (!h) return;
    setValue('');
    setHits([]);
    input.current?.blur();
    history.push(h.path);
  };

  const kinds: JumpHit['kind'][] = ['student', 'lead', 'staff'];
  const options = kinds
    .filter((k) => hits.some((h) => h.kind === k))
    .map((k) => ({
      label: t(`ev.jump.kind.${k}`),
      options: hits
        .filter((h) => h.kind === k)
        .map((h) => ({
          value: `${h.kind}-${h.id}`,
          label: (
            <span data-testid={`jump-${h.kind}-${h.id}`}>
              <Tag>{t(`ev.jump.kind.${k}`)}</Tag>
              {h.name}
              {h.mobile && <Typography.Text type="secondary">{` ${h.mobile}`}</Typography.Text>}
              {h.detail && <Typography.Text type="secondary">{` · ${h.detail}`}</Typography.Text>}
            </span>
          ),
        })),
    }));

  return (
    <AutoComplete
      value={value}
      options={options}
      onSearch={search}
      onSelect={open}
      style={{ width: 260 }}
      notFoundContent={value.trim() ? t('ev.jump.none') : undefined}
    >
      <Input
        ref={input}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('ev.jump.placeholder')}
        aria-label={t('ev.jump.label')}
        allowClear
        data-testid="jump-search"
      />
    </AutoComplete>
  );
}
