import { useId } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { ChoiceInput, ChoiceLabel, ChoiceRow } from '../Checkbox/Checkbox';
import { FieldMessages, hasError, joinIds } from '../Field/Field';

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

type InputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'checked' | 'defaultChecked' | 'children' | 'id'
>;

export interface RadioGroupProps extends InputProps {
  /** The group's visible label (a `<legend>`). */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  name: string;
  options: readonly RadioOption[];
  /** Controlled selected value. */
  value?: string;
  /** Uncontrolled initial value. */
  defaultValue?: string;
  /** Called with the chosen value (in addition to the native `onChange`). */
  onValueChange?: (value: string) => void;
  /** Lay the options out in a row. */
  inline?: boolean;
  id?: string;
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Options = styled.div<{ $inline: boolean }>`
  display: flex;
  flex-direction: ${({ $inline }) => ($inline ? 'row' : 'column')};
  flex-wrap: wrap;
  gap: ${({ theme, $inline }) => ($inline ? theme.space[4] : theme.space[2])};
`;

/**
 * Native radio buttons in a fieldset. `ref`, `name`, `onChange` and `onBlur` go to every radio input,
 * which is how form libraries register a radio group.
 */
export function RadioGroup({
  label,
  hint,
  error,
  name,
  options,
  value,
  defaultValue,
  onValueChange,
  onChange,
  inline = false,
  id: idProp,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: RadioGroupProps) {
  const generated = useId();
  const id = idProp ?? `radio-${generated}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = hasError(error) ? `${id}-error` : undefined;
  const controlled = value !== undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    onValueChange?.(event.target.value);
  };

  return (
    <Fieldset
      className={className}
      id={id}
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={joinIds(hintId, errorId, describedBy)}
      aria-invalid={hasError(error) || undefined}
    >
      <Legend id={`${id}-legend`}>{label}</Legend>
      <Options $inline={inline}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <ChoiceRow key={option.value}>
              <ChoiceInput
                {...inputProps}
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                disabled={inputProps.disabled || option.disabled}
                onChange={handleChange}
                {...(controlled
                  ? { checked: value === option.value }
                  : { defaultChecked: defaultValue === option.value })}
              />
              <ChoiceLabel htmlFor={optionId}>{option.label}</ChoiceLabel>
            </ChoiceRow>
          );
        })}
      </Options>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </Fieldset>
  );
}
