/**
 * A select whose options the server finds as the user types (students, lessons, leads): the keyword goes to `search`
 * 300 ms after the last key, and the server's answer is shown as is (the select does not filter it again). One field
 * for every keyword search in a form (issue 34).
 */
import React from 'react';
import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { fetchLessonOptions } from '@/services/schedule';
import { fetchStudentOptions } from '@/services/school';
import { t } from '@/locales';

export interface SearchOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SearchSelectProps extends Omit<ProFormSelectProps, 'request' | 'showSearch' | 'debounceTime'> {
  /** The options for what the user typed (`undefined` before the first key). */
  search: (keyword: string | undefined) => Promise<SearchOption[]>;
  /** The message shown when the field is left empty; the field is required when given. */
  requiredText?: string;
}

export default function SearchSelect({ search, requiredText, fieldProps, rules, ...rest }: SearchSelectProps) {
  return (
    <ProFormSelect
      {...rest}
      showSearch
      debounceTime={300}
      request={async ({ keyWords }: { keyWords?: string }) => search(keyWords)}
      fieldProps={{ filterOption: false, ...fieldProps }}
      rules={requiredText ? [{ required: true, message: requiredText }, ...(rules ?? [])] : rules}
    />
  );
}

/** Lessons for a booking: each with its free places, full ones disabled (a reservation, a trial). */
export const searchBookableLessons = async (keyword: string | undefined) =>
  (await fetchLessonOptions({ keyword })).map((o) => ({ value: o.value, label: `${o.label} (${t('trial.free', { n: o.free })})`, disabled: o.free <= 0 }));

/** Students by name or mobile. */
export const searchStudents = (keyword: string | undefined) => fetchStudentOptions({ keyword });
