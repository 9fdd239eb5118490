import React, { Suspense, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import PagePrimer, { primeLayoutPages } from './PagePrimer';

describe('PagePrimer', () => {
  it('starts the page lazy while the layout still loads, shows nothing itself, and the page mounts once', async () => {
    let resolveLayout: (m: { default: React.ComponentType }) => void = () => undefined;
    const Layout = React.lazy(() => new Promise<{ default: React.ComponentType }>((r) => (resolveLayout = r)));
    let mounts = 0;
    function Page() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>page</p>;
    }
    const pageCtor = vi.fn(() => Promise.resolve({ default: Page }));
    const LazyPage = React.lazy(pageCtor);
    render(
      <MemoryRouter initialEntries={['/p']}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <PagePrimer />
                <Suspense fallback={<span>layout loading</span>}>
                  <Layout />
                </Suspense>
              </>
            }
          >
            <Route
              path="p"
              element={
                <Suspense fallback={<span>page loading</span>}>
                  <LazyPage />
                </Suspense>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    // The page's code was asked for in the first render, before the layout rendered its outlet.
    expect(pageCtor).toHaveBeenCalledTimes(1);
    expect(screen.getByText('layout loading')).toBeInTheDocument();
    expect(screen.queryByText('page loading')).not.toBeInTheDocument();
    expect(screen.queryByText('page')).not.toBeInTheDocument();
    await act(async () => {
      resolveLayout({ default: () => <Outlet /> });
    });
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(pageCtor).toHaveBeenCalledTimes(1);
    expect(mounts).toBe(1);
  });

  it('wraps only the common layout route', () => {
    const layout = <div />;
    const login = <div />;
    const routes = [
      { id: '@@/global-layout', element: layout, children: [] },
      { id: 'user/login/index', element: login },
    ];
    primeLayoutPages(routes);
    expect(routes[0].element).not.toBe(layout);
    expect(routes[1].element).toBe(login);
  });
});
