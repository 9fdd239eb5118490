/**
 * The on-demand pro-field value types (config/helpers/lazyField.js, patched into pro-field's index at build time,
 * issue 10): the real field component renders once its code is in, with the same props and the ref forwarded, and
 * the table or form around it never suspends meanwhile.
 */
import React from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module (used by the build-time patch)
import lazyFieldJs from '../../config/helpers/lazyField.js';

type FieldProps = { text?: unknown; mode: 'read' | 'edit'; fieldProps?: Record<string, unknown> };
const lazyField = lazyFieldJs as (load: () => Promise<{ default: React.ComponentType<FieldProps> }>) => React.ForwardRefExoticComponent<FieldProps & React.RefAttributes<unknown>>;

describe('on-demand pro-field value types', () => {
  it('renders the real field (pro-field slider) once loaded, its neighbours right away', async () => {
    let loads = 0;
    const Slider = lazyField(() => {
      loads += 1;
      return import('@ant-design/pro-field/es/components/Slider') as Promise<{ default: React.ComponentType<FieldProps> }>;
    });
    render(
      <div>
        <span>Neighbour</span>
        <Slider text={42} mode="read" />
        <Slider text={7} mode="edit" fieldProps={{ 'aria-label': 'Level' }} />
      </div>,
    );
    // The boundary is the field's own: the neighbour is there before the field's code.
    expect(screen.getByText('Neighbour')).toBeTruthy();
    expect(await screen.findByText('42', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('slider')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('forwards the ref to the loaded component', async () => {
    const Input = lazyField(async () => ({
      default: React.forwardRef<HTMLInputElement, FieldProps>(function Inner(props, ref) {
        return <input ref={ref} aria-label="inner" readOnly value={String(props.text)} />;
      }) as unknown as React.ComponentType<FieldProps>,
    }));
    const ref = React.createRef<HTMLInputElement>();
    render(<Input ref={ref} text="abc" mode="edit" />);
    const input = await screen.findByLabelText('inner');
    expect(ref.current).toBe(input);
    expect((input as HTMLInputElement).value).toBe('abc');
  });
});
