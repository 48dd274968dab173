import { css } from 'styled-components';
import type { Breakpoint } from './theme';
import { theme } from './theme';

/** Visible keyboard focus ring; mouse clicks do not show it (`:focus-visible`). */
export const focusRing = css`
  &:focus-visible {
    outline: ${({ theme: t }) => `${t.focusRing.width} solid ${t.focusRing.color}`};
    outline-offset: ${({ theme: t }) => t.focusRing.offset};
  }
`;

/** Hides content visually while keeping it available to screen readers. */
export const srOnly = css`
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  white-space: nowrap !important;
  border: 0 !important;
`;

/** Media query helpers built from the theme's breakpoints, e.g. `${media.up('md')} { ... }`. */
export const media = {
  up: (bp: Breakpoint) => `@media (min-width: ${theme.breakpoints[bp]})`,
  down: (bp: Breakpoint) => `@media (max-width: calc(${theme.breakpoints[bp]} - 0.02px))`,
};

export const reducedMotion = '@media (prefers-reduced-motion: reduce)';

/** Touch screens, and windows as narrow as a phone's: where a finger, not a mouse pointer, hits controls. */
export const touchScreens = '@media (pointer: coarse), (max-width: 40rem)';

/**
 * There, a control is at least 44 × 44 px (WCAG 2.5.5), however small it is drawn for a mouse: a thumb
 * misses anything smaller and taps its neighbour.
 */
export const touchTarget = css`
  ${touchScreens} {
    min-width: 2.75rem;
    min-height: 2.75rem;
  }
`;
