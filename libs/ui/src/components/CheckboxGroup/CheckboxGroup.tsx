import { useId } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Checkbox } from '../Checkbox/Checkbox';
import { ErrorText, hasError, joinIds } from '../Field/Field';

export interface CheckboxOption<V extends string> {
  value: V;
  label: ReactNode;
}

export interface CheckboxGroupProps<V extends string> {
  /** The group's name, its `<legend>`. */
  legend: ReactNode;
  /** A line under the legend (what an empty choice means, say). */
  hint?: ReactNode;
  /** What is wrong with the choice; announced (role="alert"), and a form's first refused field takes the focus. */
  error?: ReactNode;
  options: readonly CheckboxOption<V>[];
  /** The values ticked, in the order they were ticked. */
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** `grid`: columns as wide as the longest labels need (long lists); `inline`: one after another. */
  layout?: 'grid' | 'inline';
  id?: string;
}

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend {
    padding: 0 ${({ theme }) => theme.space[1]};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Choices = styled.div<{ $layout: 'grid' | 'inline' }>`
  display: ${({ $layout }) => ($layout === 'grid' ? 'grid' : 'flex')};
  flex-wrap: wrap;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: ${({ theme, $layout }) => ($layout === 'grid' ? theme.space[2] : theme.space[3])};
`;

/**
 * A bordered set of checkboxes that picks several values of a list. A group with an error carries
 * `data-group-error`, by which a form finds its first refused field (DialogForm focuses its first box).
 */
export function CheckboxGroup<V extends string>({
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  layout = 'grid',
  id: idProp,
}: CheckboxGroupProps<V>) {
  const generated = useId();
  const id = idProp ?? `checkboxes-${generated}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = hasError(error) ? `${id}-error` : undefined;
  const toggle = (choice: V, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== choice), choice] : value.filter((v) => v !== choice));
  return (
    <Group id={id} aria-describedby={joinIds(hintId, errorId)} data-group-error={errorId ? '' : undefined}>
      <legend>{legend}</legend>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <Choices $layout={layout}>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={value.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
        ))}
      </Choices>
      {errorId ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Group>
  );
}
