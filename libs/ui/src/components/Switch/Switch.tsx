import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { touchScreens, touchTarget } from '../../theme/mixins';
import type { FieldBaseProps } from '../Field/Field';
import { FieldMessages, FieldWrapper, joinIds, useFieldIds } from '../Field/Field';

export type SwitchProps = FieldBaseProps & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'role'>;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

// The label is where a finger taps the switch: the track is drawn smaller.
const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.md};
  cursor: pointer;
  ${touchTarget}
  ${touchScreens} {
    display: flex;
    align-items: center;
  }
`;

const Track = styled.span`
  position: relative;
  flex: none;
  display: inline-block;
  width: 2.75rem;
  height: 1.5rem;
`;

// The native checkbox covers the track (invisible) so clicks, keyboard and forms all work natively.
const Input = styled.input`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  opacity: 0;
  cursor: pointer;
  z-index: 1;
  &:disabled {
    cursor: not-allowed;
  }
`;

const Visual = styled.span`
  position: absolute;
  inset: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.neutral[400]};
  transition: background ${({ theme }) => theme.transitions.fast};
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: calc(1.5rem - 6px);
    height: calc(1.5rem - 6px);
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.sm};
    transition: transform ${({ theme }) => theme.transitions.fast};
  }
  input:checked + & {
    background: ${({ theme }) => theme.colors.primary.main};
  }
  input:checked + &::after {
    transform: translateX(1.25rem);
  }
  input:focus-visible + & {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${({ theme }) => theme.focusRing.offset};
  }
  input:disabled + & {
    opacity: 0.5;
  }
`;

/** An on/off toggle: a native checkbox with role="switch". `ref` reaches the `<input>`. */
export function Switch({
  label,
  hint,
  error,
  id: idProp,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: SwitchProps) {
  const { id, hintId, errorId, aria } = useFieldIds(idProp, hint, error);
  return (
    <FieldWrapper className={className}>
      <Row>
        <Label htmlFor={id}>{label}</Label>
        <Track>
          <Input
            {...inputProps}
            type="checkbox"
            role="switch"
            id={id}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={joinIds(aria['aria-describedby'], describedBy)}
          />
          <Visual aria-hidden="true" />
        </Track>
      </Row>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </FieldWrapper>
  );
}
