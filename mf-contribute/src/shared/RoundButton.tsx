import styled from 'styled-components';
import { focusRing } from '@platform/ui';

/** The big round button of both screens: record/stop on Speak, play/stop on Listen. */
export const RoundButton = styled.button<{ $active?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  height: 4.5rem;
  border-radius: ${({ theme }) => theme.radii.round};
  border: 0;
  font-size: 1.75rem;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.primary.contrastText};
  background: ${({ theme, $active }) => ($active ? theme.colors.danger.main : theme.colors.primary.main)};
  box-shadow: ${({ theme }) => theme.shadows.md};
  transition: background ${({ theme }) => theme.transitions.fast};
  &:hover:not(:disabled) {
    background: ${({ theme, $active }) => ($active ? theme.colors.danger.hover : theme.colors.primary.hover)};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  ${focusRing}
`;

/** The sentence people read or check, large enough to read from a little distance. */
export const SentenceText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  line-height: ${({ theme }) => theme.lineHeights.snug};
  text-align: center;
  color: ${({ theme }) => theme.colors.text};
`;

export const Centered = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
`;

export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

export const Notice = styled.div<{ $tone?: 'danger' | 'info' }>`
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone = 'danger' }) => theme.colors[$tone].subtle};
  color: ${({ theme, $tone = 'danger' }) => theme.colors[$tone].subtleText};
  text-align: center;
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${({ theme }) => theme.space[1]};
  }
`;

export const StatusLine = styled.p`
  margin: 0;
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;
