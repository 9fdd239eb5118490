/**
 * Numeric input on the docs/rules.md#money-and-numbers cleaner: money keeps 2 decimals, hours 1 (`oneDecimal`). The form value is a number
 * (or undefined when empty); what the user types is cleaned as they type. The cleaner drops a minus sign: the input
 * then says so under the field (a negative value is never turned silently into a positive one). Ranges are field
 * rules (`numberRange` in ./rules), checked before submit.
 */
import React, { useEffect, useId, useState } from 'react';
import { Input, Typography, type InputProps } from 'antd';
import { cleanNumberInput, parseCleaned } from '@/utils/numberCleaner';
import { useIntl } from '@/locales/useIntl';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** Hours: at most 1 decimal. */
  oneDecimal?: boolean;
}

export default function NumberInput({ value, onChange, oneDecimal, ...rest }: NumberInputProps) {
  const { t } = useIntl();
  const noteId = useId();
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  const [minus, setMinus] = useState(false);
  useEffect(() => {
    const current = parseCleaned(text);
    if (value !== current) setText(value === undefined || value === null ? '' : String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <>
      <Input
        inputMode="decimal"
        autoComplete="off"
        aria-describedby={minus ? noteId : undefined}
        status={minus ? 'warning' : undefined}
        {...rest}
        value={text}
        onChange={(e) => {
          const cleaned = cleanNumberInput(e.target.value, oneDecimal);
          setMinus(e.target.value.includes('-'));
          setText(cleaned);
          onChange?.(parseCleaned(cleaned));
        }}
      />
      {minus && (
        <Typography.Text type="warning" id={noteId} role="status" style={{ display: 'block', fontSize: 12 }}>
          {t('ev.number.noNegative')}
        </Typography.Text>
      )}
    </>
  );
}
