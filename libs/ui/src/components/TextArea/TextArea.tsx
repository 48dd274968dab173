import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import type { FieldBaseProps } from '../Field/Field';
import {
  FieldMessages,
  FieldWrapper,
  Label,
  RequiredMark,
  controlStyles,
  joinIds,
  useFieldIds,
} from '../Field/Field';

export type TextAreaProps = FieldBaseProps & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

const Area = styled.textarea`
  ${controlStyles}
  min-height: 6rem;
  resize: vertical;
`;

/** A labelled multi-line text input. `ref` reaches the native `<textarea>`. */
export function TextArea({
  label,
  hint,
  error,
  hideLabel,
  id: idProp,
  required,
  className,
  'aria-describedby': describedBy,
  ...areaProps
}: TextAreaProps) {
  const { id, hintId, errorId, aria } = useFieldIds(idProp, hint, error);
  return (
    <FieldWrapper className={className}>
      <Label htmlFor={id} $hidden={hideLabel}>
        {label}
        {required ? <RequiredMark>*</RequiredMark> : null}
      </Label>
      <Area
        {...areaProps}
        id={id}
        required={required}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={joinIds(aria['aria-describedby'], describedBy)}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </FieldWrapper>
  );
}
