import type { ComponentPropsWithRef, ReactNode } from 'react';
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

export type TextFieldProps = FieldBaseProps &
  Omit<ComponentPropsWithRef<'input'>, 'children'> & {
    /** Element shown inside the field before the text, e.g. a search icon. */
    startAdornment?: ReactNode;
  };

const Input = styled.input<{ $withStart: boolean }>`
  ${controlStyles}
  padding-left: ${({ theme, $withStart }) => ($withStart ? theme.space[10] : theme.space[3])};
`;

const InputBox = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const StartAdornment = styled.span`
  position: absolute;
  left: ${({ theme }) => theme.space[3]};
  display: inline-flex;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
`;

/** A labelled text input. `ref` reaches the native `<input>`. */
export function TextField({
  label,
  hint,
  error,
  hideLabel,
  id: idProp,
  required,
  className,
  startAdornment,
  'aria-describedby': describedBy,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const { id, hintId, errorId, aria } = useFieldIds(idProp, hint, error);
  return (
    <FieldWrapper className={className}>
      <Label htmlFor={id} $hidden={hideLabel}>
        {label}
        {required ? <RequiredMark>*</RequiredMark> : null}
      </Label>
      <InputBox>
        {startAdornment ? <StartAdornment>{startAdornment}</StartAdornment> : null}
        <Input
          {...inputProps}
          type={type}
          id={id}
          required={required}
          $withStart={Boolean(startAdornment)}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={joinIds(aria['aria-describedby'], describedBy)}
        />
      </InputBox>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </FieldWrapper>
  );
}
