import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon } from '../../icons';
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

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = FieldBaseProps &
  ComponentPropsWithRef<'select'> & {
    /** Options to render; alternatively pass `<option>` children. */
    options?: readonly SelectOption[];
    /** A first, empty option such as "Choose a category". */
    placeholder?: string;
  };

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const NativeSelect = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: ${({ theme }) => theme.space[10]};
  cursor: pointer;
`;

const Chevron = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space[3]};
  display: inline-flex;
  pointer-events: none;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A labelled native `<select>`. `ref` reaches the native element. */
export function Select({
  label,
  hint,
  error,
  hideLabel,
  id: idProp,
  required,
  className,
  options,
  placeholder,
  children,
  'aria-describedby': describedBy,
  ...selectProps
}: SelectProps) {
  const { id, hintId, errorId, aria } = useFieldIds(idProp, hint, error);
  return (
    <FieldWrapper className={className}>
      <Label htmlFor={id} $hidden={hideLabel}>
        {label}
        {required ? <RequiredMark>*</RequiredMark> : null}
      </Label>
      <Box>
        <NativeSelect
          {...selectProps}
          id={id}
          required={required}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={joinIds(aria['aria-describedby'], describedBy)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </NativeSelect>
        <Chevron>
          <ChevronDownIcon />
        </Chevron>
      </Box>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </FieldWrapper>
  );
}
