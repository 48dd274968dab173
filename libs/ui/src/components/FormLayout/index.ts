export { FormStack, FieldRow } from './FormLayout';
export type { FieldRowProps } from './FormLayout';
