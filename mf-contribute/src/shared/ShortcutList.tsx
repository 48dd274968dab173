import styled from 'styled-components';
import { useContributeT } from '../i18n';
import type { Shortcut } from './useShortcuts';

const List = styled.dl`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  div {
    display: flex;
    gap: ${({ theme }) => theme.space[1]};
    align-items: center;
  }
  dd {
    margin: 0;
  }
  kbd {
    display: inline-block;
    min-width: 1.5em;
    padding: 0 ${({ theme }) => theme.space[1]};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-family: ${({ theme }) => theme.fonts.mono};
    text-align: center;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** The page's keyboard shortcuts, on screen so people can find them. */
export function ShortcutList({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  const t = useContributeT();
  return (
    <List aria-label={t('shortcuts.label')}>
      {shortcuts.map((s) => (
        <div key={s.key}>
          <dt>
            <kbd translate="no">{s.key.length === 1 ? s.key.toUpperCase() : s.key}</kbd>
          </dt>
          <dd>{s.label}</dd>
        </div>
      ))}
    </List>
  );
}
