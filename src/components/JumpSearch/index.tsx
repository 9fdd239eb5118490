/**
 * Header jump search (issues 9, 31): type a name, a mobile or a number (or press Ctrl+K / ⌘K from anywhere), pick a
 * person (student, parent, lead, staff) or a document (card, order/receipt, online order, bill entry, pay slip) with
 * the arrows and Enter (Escape closes), and its record opens. The server answers within the caller's access
 * (GET /v2/search): only what the caller's role may open.
 */
import React, { useEffect, useRef, useState } from 'react';
import { AutoComplete, Input, Tag, Typography, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { history } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { jumpSearch } from '@/services/search';
import { JUMP_KINDS, type JumpHit } from '@/types/search';

export default function JumpSearch() {
  const { t } = useIntl();
  const [value, setValue] = useState('');
  const [hits, setHits] = useState<JumpHit[]>([]);
  // The last search found nothing (says so until the text changes or Escape closes it).
  const [none, setNone] = useState(false);
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
    setNone(false);
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
        if (n === seq.current) {
          setHits(res);
          setNone(!res.length);
        }
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

  const options = JUMP_KINDS
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
      defaultActiveFirstOption
      popupMatchSelectWidth={360}
      style={{ width: 260 }}
      notFoundContent={none ? t('ev.jump.none') : undefined}
    >
      <Input
        ref={input}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('ev.jump.placeholder')}
        aria-label={t('ev.jump.label')}
        allowClear
        onKeyDown={(e) => {
          // Escape closes the list (and a second one empties the field).
          if (e.key !== 'Escape') return;
          clearTimeout(timer.current);
          seq.current += 1;
          if (hits.length || none) {
            setHits([]);
            setNone(false);
          } else setValue('');
        }}
        data-testid="jump-search"
      />
    </AutoComplete>
  );
}
