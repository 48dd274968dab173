import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { touchScreens, touchTarget } from '../../theme/mixins';
import type { FieldBaseProps } from '../Field/Field';
import { FieldMessages, FieldWrapper, joinIds, useFieldIds } from '../Field/Field';

export type CheckboxProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'>;

export const ChoiceRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  ${touchScreens} {
    align-items: center;
  }
`;

// The label is where a finger taps the choice: the box beside it is drawn small.
export const ChoiceLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  line-height: ${({ theme }) => theme.lineHeights.snug};
  ${touchTarget}
  ${touchScreens} {
    display: flex;
    align-items: center;
  }
`;

export const ChoiceInput = styled.input`
  flex: none;
  width: 1.125rem;
  height: 1.125rem;
  margin: 0.1rem 0 0;
  ${touchScreens} {
    margin: 0;
  }
  accent-color: ${({ theme }) => theme.colors.primary.main};
  cursor: pointer;
  &:focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${({ theme }) => theme.focusRing.offset};
  }
  &:disabled,
  &:disabled + label {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

/** A native checkbox with its label beside it. `ref` reaches the `<input>`. */
export function Checkbox({
  label,
  hint,
  error,
  id: idProp,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: CheckboxProps) {
  const { id, hintId, errorId, aria } = useFieldIds(idProp, hint, error);
  return (
    <FieldWrapper className={className}>
      <ChoiceRow>
        <ChoiceInput
          {...inputProps}
          type="checkbox"
          id={id}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={joinIds(aria['aria-describedby'], describedBy)}
        />
        <ChoiceLabel htmlFor={id}>{label}</ChoiceLabel>
      </ChoiceRow>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </FieldWrapper>
  );
}
