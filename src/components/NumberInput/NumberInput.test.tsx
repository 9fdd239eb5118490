import React from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import NumberInput from './index';

function Harness({ oneDecimal, onSubmit }: { oneDecimal?: boolean; onSubmit: (v: { amount?: number }) => void }) {
  return (
    <Form onFinish={onSubmit}>
      <Form.Item name="amount" label="Amount">
        <NumberInput oneDecimal={oneDecimal} />
      </Form.Item>
      <Button htmlType="submit">go</Button>
    </Form>
  );
}

describe('NumberInput', () => {
  it('cleans money as typed and gives the form a number', async () => {
    let got: { amount?: number } = {};
    render(<Harness onSubmit={(v) => (got = v)} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '00¥1,2a3.456');
    expect(input).toHaveValue('123.45');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(got.amount).toBe(123.45);
  });

  it('keeps one decimal for hours and prefixes a leading dot with 0', async () => {
    let got: { amount?: number } = {};
    render(<Harness oneDecimal onSubmit={(v) => (got = v)} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '.75');
    expect(input).toHaveValue('0.7');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(got.amount).toBe(0.7);
  });

  it('gives undefined when emptied', async () => {
    let got: { amount?: number } = { amount: 1 };
    render(<Harness onSubmit={(v) => (got = v)} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, 'abc');
    expect(input).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(got.amount).toBeUndefined();
  });
});
