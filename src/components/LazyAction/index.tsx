/**
 * A row action whose modal is created the first time it is used (issue 10). A list renders its row actions for every
 * row on screen; a modal form per row and action (edit, enrol, sell...) is dozens of forms built before the first row
 * can show, for actions used one at a time. LazyAction renders the trigger alone; the first click mounts the real
 * component (`render(trigger)`, a modal with that trigger) and opens it by clicking its trigger once. After that the
 * component stays mounted and works as if it had always been there.
 */
import React, { useEffect, useRef, useState } from 'react';

export interface LazyActionProps {
  /** The visible trigger, e.g. `<a>Edit</a>`. */
  trigger: React.ReactElement;
  /** The real component, given the trigger to render (a FormModal's `trigger`). */
  render: (trigger: React.ReactElement) => React.ReactElement;
}

export default function LazyAction({ trigger, render }: LazyActionProps) {
  const [armed, setArmed] = useState(false);
  const ref = useRef<HTMLElement | null>(null);
  const pendingClick = useRef(false);
  useEffect(() => {
    if (armed && pendingClick.current && ref.current) {
      pendingClick.current = false;
      ref.current.click();
    }
  }, [armed]);
  if (!armed) {
    return React.cloneElement(trigger as React.ReactElement<{ onClick?: (e: React.MouseEvent) => void }>, {
      onClick: (e: React.MouseEvent) => {
        e.preventDefault();
        pendingClick.current = true;
        setArmed(true);
      },
    });
  }
  return render(React.cloneElement(trigger as React.ReactElement<{ ref?: React.Ref<HTMLElement> }>, { ref }));
}
