/** Text for assistive technology only (screen readers read it; it takes no space on screen). */
import React from 'react';

const style: React.CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 };

export default function VisuallyHidden({ children }: { children: React.ReactNode }) {
  return <span style={style}>{children}</span>;
}
