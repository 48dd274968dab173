import styled from 'styled-components';
import type { LanguageCode } from '@platform/contracts';
import { isLanguageCode, LANGUAGES } from '@platform/contracts/client';
import { Select } from '@platform/ui';
import { useContributeT } from '../i18n';

const Narrow = styled.div`
  max-width: 16rem;
  margin: 0 auto ${({ theme }) => theme.space[4]};
`;

/** Which language to record in; the page remembers the choice for the person (PUT /api/user/preferences). */
export function LanguagePicker({
  value,
  onChange,
  disabled,
}: {
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
  disabled?: boolean;
}) {
  const t = useContributeT();
  const options = LANGUAGES.map((l) => ({ value: l.code, label: t(`languages.${l.code}`) }));
  return (
    <Narrow>
      <Select
        label={t('speak.language')}
        options={options}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isLanguageCode(event.target.value)) onChange(event.target.value);
        }}
      />
    </Narrow>
  );
}
