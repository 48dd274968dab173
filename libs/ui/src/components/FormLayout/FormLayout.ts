import styled from 'styled-components';
import type { SpaceKey } from '../../theme/theme';

/** A form whose fields stand one under another. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export interface FieldRowProps {
  /** The narrowest a field may get before the row wraps; 12rem unless given. */
  $min?: string;
  /** The space between fields; 4 unless given. */
  $gap?: SpaceKey;
  /** Line the fields up by their bottom edge (fields whose labels wrap differently). */
  $alignEnd?: boolean;
}

/** Fields side by side while they fit, wrapping on narrow screens. */
export const FieldRow = styled.div<FieldRowProps>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = '12rem' }) => $min}, 1fr));
  gap: ${({ theme, $gap = 4 }) => theme.space[$gap]};
  ${({ $alignEnd }) => ($alignEnd ? 'align-items: end;' : '')}
`;

/** What is wrong, said outside any one control (a refusal no field is about, a group's error): give it role="alert". */
export const FormProblem = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger.main};
`;
