// Test helper: render inside the platform theme, with a user-event instance.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformThemeProvider } from '../src/theme/PlatformThemeProvider';

type UserOptions = Parameters<typeof userEvent.setup>[0];

export function renderWithTheme(
  ui: ReactElement,
  options: { fakeTimers?: boolean; user?: UserOptions } = {},
) {
  const user = userEvent.setup({
    ...(options.fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {}),
    ...options.user,
  });
  const result = render(ui, {
    wrapper: ({ children }) => <PlatformThemeProvider>{children}</PlatformThemeProvider>,
  });
  return { user, ...result };
}
