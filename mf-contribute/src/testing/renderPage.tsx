import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from '@platform/router';
import { Provider, createPlatformStore } from '@platform/store';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';

/**
 * A page as the shell renders it: one store, theme, toasts and a router. A fresh store per test unless one
 * is given (coming back to a page in the same visit).
 */
export function renderPage(
  ui: ReactElement,
  path = '/',
  store: ReturnType<typeof createPlatformStore> = createPlatformStore(),
) {
  const result = render(
    <Provider store={store}>
      <PlatformThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </ToastProvider>
      </PlatformThemeProvider>
    </Provider>,
  );
  return { store, ...result };
}
