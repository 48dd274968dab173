import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import type { FieldBaseProps } from '../Field/Field';
import { FieldMessages, FieldWrapper, Label, joinIds, useFieldIds } from '../Field/Field';

export type FileFieldProps = Omit<FieldBaseProps, 'hideLabel'> &
  Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'>;

const Input = styled.input`
  padding: ${({ theme }) => theme.space[3]};
  border: 2px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger.main};
  }
`;

/**
 * A labelled native file input, its hint and its error: the file of a form whose other fields say the rest
 * (FileInput is the drop zone with its own rules). `aria-invalid` may be set from outside too, for a form
 * whose error stands elsewhere (give its id in `aria-describedby`). `ref` reaches the `<input>`.
 */
export function FileField({
  label,
  hint,
  error,
  id: idProp,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...inputProps
}: FileFieldProps) {
  const { id, hintId, errorId, aria } = useFieldIds(idProp, hint, error);
  return (
    <FieldWrapper className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...inputProps}
        type="file"
        id={id}
        aria-invalid={aria['aria-invalid'] ?? invalid}
        aria-describedby={joinIds(aria['aria-describedby'], describedBy)}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </FieldWrapper>
  );
}
