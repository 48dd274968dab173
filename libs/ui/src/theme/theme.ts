// The one theme of the platform. Palette: the green of the Nigerian flag as the brand colour, a warm
// indigo-violet as secondary, with contrast-checked text colours (>= 4.5:1 on their backgrounds).

const neutral = {
  0: '#ffffff',
  50: '#f7f8f7',
  100: '#eef1ef',
  200: '#dde3df',
  300: '#c3ccc6',
  400: '#98a59c',
  500: '#6b7a70',
  600: '#505e55',
  700: '#3b4740',
  800: '#26302a',
  900: '#141b17',
} as const;

/** A colour role: the base colour, its interaction states, a tinted background and the text to put on it. */
export interface ColorRole {
  main: string;
  hover: string;
  active: string;
  subtle: string;
  subtleText: string;
  contrastText: string;
}

const primary: ColorRole = {
  main: '#007a48',
  hover: '#006a3e',
  active: '#005733',
  subtle: '#e3f4ea',
  subtleText: '#00532f',
  contrastText: '#ffffff',
};

const secondary: ColorRole = {
  main: '#4c3fb5',
  hover: '#41359e',
  active: '#352b84',
  subtle: '#ecebfb',
  subtleText: '#342a86',
  contrastText: '#ffffff',
};

const success: ColorRole = {
  main: '#1e7f3c',
  hover: '#196c33',
  active: '#145a2a',
  subtle: '#e6f5ea',
  subtleText: '#145a2a',
  contrastText: '#ffffff',
};

const warning: ColorRole = {
  main: '#b25e00',
  hover: '#9a5100',
  active: '#804300',
  subtle: '#fff3e0',
  subtleText: '#7a3f00',
  contrastText: '#ffffff',
};

const danger: ColorRole = {
  main: '#c62828',
  hover: '#ad2222',
  active: '#931c1c',
  subtle: '#fdecec',
  subtleText: '#8e1b1b',
  contrastText: '#ffffff',
};

const info: ColorRole = {
  main: '#0b6bbf',
  hover: '#095ca5',
  active: '#074c88',
  subtle: '#e6f1fb',
  subtleText: '#074a85',
  contrastText: '#ffffff',
};

export const theme = {
  colors: {
    primary,
    secondary,
    success,
    warning,
    danger,
    info,
    neutral,
    surface: neutral[0],
    surfaceMuted: neutral[50],
    surfaceSunken: neutral[100],
    background: neutral[50],
    overlay: 'rgba(20, 27, 23, 0.55)',
    border: neutral[200],
    borderStrong: neutral[400],
    text: neutral[900],
    textMuted: neutral[600],
    textDisabled: neutral[400],
    textInverse: neutral[0],
    focus: '#1a73e8',
  },
  fonts: {
    body: "'Inter', 'Noto Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "'Inter', 'Noto Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
    '5xl': '3rem',
    '6xl': '4.5rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.2, snug: 1.35, normal: 1.5, relaxed: 1.7 },
  space: {
    0: '0',
    1: '0.25rem',
    2: '0.5rem',
    3: '0.75rem',
    4: '1rem',
    5: '1.25rem',
    6: '1.5rem',
    8: '2rem',
    10: '2.5rem',
    12: '3rem',
    16: '4rem',
  },
  radii: { none: '0', sm: '4px', md: '8px', lg: '12px', xl: '16px', pill: '9999px', round: '50%' },
  shadows: {
    none: 'none',
    sm: '0 1px 2px rgba(20, 27, 23, 0.08)',
    md: '0 2px 8px rgba(20, 27, 23, 0.10)',
    lg: '0 8px 24px rgba(20, 27, 23, 0.14)',
    xl: '0 16px 48px rgba(20, 27, 23, 0.20)',
  },
  /** Minimum widths; use with `media.up('md')` from this module. */
  breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  zIndices: { base: 0, raised: 10, sticky: 100, dropdown: 1000, overlay: 1300, modal: 1400, toast: 1500 },
  transitions: { fast: '120ms ease-out', normal: '200ms ease-out', slow: '320ms ease-out' },
  focusRing: {
    width: '3px',
    offset: '2px',
    color: '#1a73e8',
  },
  controlHeights: { sm: '2rem', md: '2.5rem', lg: '3rem' },
} as const;

export type PlatformTheme = typeof theme;
export type Breakpoint = keyof PlatformTheme['breakpoints'];
export type SpaceKey = keyof PlatformTheme['space'];
