export { FileField } from './FileField';
export type { FileFieldProps } from './FileField';
