import styled from 'styled-components';
import { Switch } from '@platform/ui';
import { useContributeT } from '../i18n';
import { setDataSaver, useDataSaver } from './dataSaver';
import { useSessionBytes } from './sessionBytes';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Used = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Megabytes as phone data plans count them (10^6 bytes), to one decimal. */
const megabytes = (bytes: number) => Math.round(bytes / 100_000) / 10;

/** The data saver switch, and beside it how much audio and upload data this page session has moved. */
export function DataSaverControl() {
  const t = useContributeT();
  const on = useDataSaver();
  const bytes = useSessionBytes();
  return (
    <Row data-testid="data-saver">
      <Switch
        label={t('dataSaver.label')}
        hint={t('dataSaver.hint')}
        checked={on}
        onChange={(event) => setDataSaver(event.target.checked)}
      />
      <Used data-testid="session-bytes">{t('dataSaver.used', { mb: megabytes(bytes) })}</Used>
    </Row>
  );
}
