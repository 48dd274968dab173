import styled from 'styled-components';
import { UI_LOCALES, useT } from '@platform/i18n';
import { Select } from '@platform/ui';
import { useChooseLocale } from '../i18n/useChooseLocale';

/**
 * The language picker of the top bar, the public header and the public pages: each language in its own
 * name (marked translate="no" and with its own lang, so screen readers pronounce it right).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const t = useT();
  const { locale, choose } = useChooseLocale();
  return (
    <Select
      className={className}
      label={t('common.language')}
      hideLabel
      value={locale}
      onChange={(event) => void choose(event.target.value)}
      data-language-picker=""
    >
      {UI_LOCALES.map(({ code, name }) => (
        <option key={code} value={code} lang={code} translate="no">
          {name}
        </option>
      ))}
    </Select>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  button {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary.main};
    color: ${({ theme }) => theme.colors.primary.subtleText};
    background: ${({ theme }) => theme.colors.primary.subtle};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

/** The mobile drawer's picker: the languages as buttons, the active one pressed. */
export function LanguageList() {
  const t = useT();
  const { locale, choose } = useChooseLocale();
  return (
    <section aria-label={t('common.language')}>
      <List>
        {UI_LOCALES.map(({ code, name }) => (
          <li key={code}>
            <button
              type="button"
              lang={code}
              translate="no"
              aria-pressed={locale === code}
              onClick={() => void choose(code)}
            >
              {name}
            </button>
          </li>
        ))}
      </List>
    </section>
  );
}
