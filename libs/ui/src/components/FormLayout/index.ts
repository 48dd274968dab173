export { FormStack, FieldRow, FormProblem } from './FormLayout';
export type { FieldRowProps } from './FormLayout';
