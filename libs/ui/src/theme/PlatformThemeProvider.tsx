import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';

export interface PlatformThemeProviderProps {
  children?: ReactNode;
  /** Render the global document styles. The shell keeps the default; standalone remotes too. */
  withGlobalStyle?: boolean;
}

/** The platform's theme and global styles. The shell renders it once around the whole page. */
export function PlatformThemeProvider({ children, withGlobalStyle = true }: PlatformThemeProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      {withGlobalStyle ? <GlobalStyle /> : null}
      {children}
    </ThemeProvider>
  );
}
