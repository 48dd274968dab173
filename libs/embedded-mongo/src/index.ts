export { start } from './server';
export type { StartOptions, RunningServer } from './server';
