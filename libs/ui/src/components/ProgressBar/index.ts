export { ProgressBar } from './ProgressBar';
export type { ProgressBarProps, ProgressVariant } from './ProgressBar';
