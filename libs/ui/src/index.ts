// @platform/ui: the platform's theme and design system. Import everything from here.
import type {} from './styled';

export { theme } from './theme/theme';
export type { PlatformTheme, ColorRole, Breakpoint, SpaceKey } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { PlatformThemeProvider } from './theme/PlatformThemeProvider';
export type { PlatformThemeProviderProps } from './theme/PlatformThemeProvider';
export { focusRing, srOnly, media, reducedMotion, touchScreens, touchTarget } from './theme/mixins';

export * from './icons';

export * from './components/VisuallyHidden';
export * from './components/Spinner';
export * from './components/Button';
export * from './components/TextField';
export * from './components/TextArea';
export * from './components/Select';
export * from './components/Checkbox';
export * from './components/CheckboxGroup';
export * from './components/Switch';
export * from './components/RadioGroup';
export * from './components/FileInput';
export * from './components/FileField';
export * from './components/Tabs';
export * from './components/Card';
export * from './components/StatCard';
export * from './components/Badge';
export * from './components/Table';
export * from './components/Accordion';
export * from './components/Dialog';
export * from './components/DialogForm';
export * from './components/DropdownMenu';
export * from './components/Toast';
export * from './components/Skeleton';
export * from './components/EmptyState';
export * from './components/ErrorState';
export * from './components/ProgressBar';
export * from './components/Pager';
export * from './components/Avatar';
export * from './components/FormLayout';

export * from './hooks/useDebounced';
export * from './format/intl';
