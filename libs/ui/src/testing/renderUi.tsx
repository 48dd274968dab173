import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformThemeProvider } from '../theme/PlatformThemeProvider';
import { ToastProvider } from '../components/Toast/ToastProvider';

export interface RenderUiOptions {
  /** The test uses Jest's fake timers: user-event advances them. */
  fakeTimers?: boolean;
  /** More user-event options. */
  user?: NonNullable<Parameters<typeof userEvent.setup>[0]>;
}

/**
 * Renders a design-system component as a page holds it (the theme and toasts, in StrictMode). The platform's
 * fuller wrapper (store, router, fake gateway) lives in remote-kit, which depends on this library, so the
 * library's own tests cannot use it without a cycle.
 */
export function renderUi(
  ui: ReactElement,
  options: RenderUiOptions = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup> } {
  const user = userEvent.setup({
    ...(options.fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {}),
    ...options.user,
  });
  const view = render(
    <StrictMode>
      <PlatformThemeProvider>
        <ToastProvider>{ui}</ToastProvider>
      </PlatformThemeProvider>
    </StrictMode>,
  );
  return { ...view, user };
}
