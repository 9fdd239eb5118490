/**
 * Numeric input on SPEC §5's cleaner: money keeps 2 decimals, hours 1 (`oneDecimal`). The form value is a number
 * (or undefined when empty); what the user types is cleaned as they type.
 */
import React, { useEffect, useState } from 'react';
import { Input, type InputProps } from 'antd';
import { cleanNumberInput, parseCleaned } from '@/utils/numberCleaner';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** Hours: at most 1 decimal. */
  oneDecimal?: boolean;
}

export default function NumberInput({ value, onChange, oneDecimal, ...rest }: NumberInputProps) {
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  useEffect(() => {
    const current = parseCleaned(text);
    if (value !== current) setText(value === undefined || value === null ? '' : String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(e) => {
        const cleaned = cleanNumberInput(e.target.value, oneDecimal);
        setText(cleaned);
        onChange?.(parseCleaned(cleaned));
      }}
    />
  );
}
