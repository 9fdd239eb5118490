import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ErrorBoundary, { isChunkLoadError } from './ErrorBoundary';
import { setLocale } from '@/locales';

function Boom({ error }: { error: Error }): React.ReactElement {
  throw error;
}

describe('ErrorBoundary', () => {
  it('recognises chunk load errors', () => {
    const e = new Error('Loading chunk 123 failed.\n(timeout: http://x/1.js)');
    e.name = 'ChunkLoadError';
    expect(isChunkLoadError(e)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk p__Dashboard failed'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('shows a reload page when a route chunk fails to load', async () => {
    setLocale('en-US');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // React rethrows render errors to window in development; keep jsdom from printing the expected one.
    const quiet = (e: ErrorEvent) => e.preventDefault();
    window.addEventListener('error', quiet);
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, writable: true });
    const e = new Error('Loading chunk 7 failed.');
    e.name = 'ChunkLoadError';
    render(
      <ErrorBoundary>
        <Boom error={e} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('This page could not be loaded. Check the connection and reload.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    window.removeEventListener('error', quiet);
  });
});
