import { useMemo } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from '@platform/router';
import styled from 'styled-components';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';
import { Provider, createPlatformStore } from '@platform/store';
import type { RemoteRoutes } from './defineRemoteRoutes';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  a[aria-current='page'] {
    font-weight: 600;
  }
`;

/**
 * A remote on its own, for the team that builds it: its pages with their own router, store, theme and
 * toasts, without the shell's layouts. A strip lists the remote's paths so every page is one click away.
 */
export function StandaloneApp({ module }: { module: RemoteRoutes }) {
  const store = useMemo(() => createPlatformStore(), []);
  return (
    <Provider store={store}>
      <PlatformThemeProvider>
        <ToastProvider>
          <BrowserRouter>
            <Bar>
              <strong>{module.remoteName} (standalone)</strong>
              <nav aria-label={`${module.remoteName} pages`}>
                {module.routes.map((route) => (
                  <NavLink key={route.path} to={route.path} end style={{ marginRight: 12 }}>
                    {route.path}
                  </NavLink>
                ))}
              </nav>
            </Bar>
            <main id="main-content">
              <Routes>
                {module.routes.map(({ path, Component }) => (
                  <Route key={path} path={path} element={<Component />} />
                ))}
                <Route path="*" element={<p>This remote does not serve this path.</p>} />
              </Routes>
            </main>
          </BrowserRouter>
        </ToastProvider>
      </PlatformThemeProvider>
    </Provider>
  );
}
