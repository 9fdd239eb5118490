import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import LazyAction from '.';

function Modalish({ trigger, onOpen }: { trigger: React.ReactElement; onOpen: () => void }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      {React.cloneElement(trigger as React.ReactElement<{ onClick?: () => void }>, {
        onClick: () => {
          setOpen(true);
          onOpen();
        },
      })}
      {open && <div role="dialog">form</div>}
    </>
  );
}

describe('LazyAction', () => {
  it('renders only the trigger until used, then mounts the component and opens it with the same click', () => {
    const mounted = vi.fn();
    const opened = vi.fn();
    render(
      <LazyAction
        trigger={<a>Edit</a>}
        render={(trigger) => {
          mounted();
          return <Modalish trigger={trigger} onOpen={opened} />;
        }}
      />,
    );
    expect(mounted).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByText('Edit'));
    expect(mounted).toHaveBeenCalled();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps the component mounted: a second use opens it again without mounting anew', () => {
    const opened = vi.fn();
    render(<LazyAction trigger={<a>Sell</a>} render={(trigger) => <Modalish trigger={trigger} onOpen={opened} />} />);
    fireEvent.click(screen.getByText('Sell'));
    fireEvent.click(screen.getByText('Sell'));
    expect(opened).toHaveBeenCalledTimes(2);
  });
});
