export { CheckboxGroup } from './CheckboxGroup';
export type { CheckboxGroupProps, CheckboxOption } from './CheckboxGroup';
