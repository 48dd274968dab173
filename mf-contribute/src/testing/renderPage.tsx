import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from '@platform/router';
import { Provider, createPlatformStore } from '@platform/store';
import { PlatformThemeProvider, ToastProvider } from '@platform/ui';

/** A page as the shell renders it: one store, theme, toasts and a router. A fresh store per test. */
export function renderPage(ui: ReactElement, path = '/') {
  const store = createPlatformStore();
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
