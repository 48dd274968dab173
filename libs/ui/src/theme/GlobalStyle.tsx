import { createGlobalStyle } from 'styled-components';
import { touchScreens } from './mixins';

/**
 * Base document styles. Rendered once, by the shell, through PlatformThemeProvider.
 *
 * Where a finger, not a pointer, hits controls (touchScreens), every button, field and disclosure of the page
 * is at least 44 px high, buttons and tabs as wide, whoever drew it. A component whose own styles set a smaller
 * minimum for a mouse says it again there (touchTarget), as its class outranks these.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.normal};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4, h5, h6 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }
  p { margin: 0 0 ${({ theme }) => theme.space[3]}; }
  a { color: ${({ theme }) => theme.colors.primary.main}; }
  a:hover { color: ${({ theme }) => theme.colors.primary.hover}; }
  img, svg, video, audio { max-width: 100%; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${({ theme }) => theme.focusRing.offset};
  }
  ${touchScreens} {
    button,
    select,
    summary,
    [role='button'],
    [role='tab'],
    input:not([type='checkbox']):not([type='radio']):not([type='hidden']):not([type='file']):not([type='range']) {
      min-height: 2.75rem;
    }
    button,
    [role='button'],
    [role='tab'] {
      min-width: 2.75rem;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
