import styled from 'styled-components';
import type { DatasetUpload } from '@platform/contracts';
import { translateError } from '@platform/i18n';
import { Button, Card } from '@platform/ui';
import { useDatasetsT } from '../i18n';
import { percentOf } from './uploadForm';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0 0 ${({ theme }) => theme.space[4]};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Refused = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  max-height: 20rem;
  overflow-y: auto;
  li {
    margin-bottom: ${({ theme }) => theme.space[1]};
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space[4]};
`;

/** What an import did: rows, accepted, the quality, and each refused row with its reason. */
export function ImportOutcome({ upload, onClose }: { upload: DatasetUpload; onClose: () => void }) {
  const t = useDatasetsT();
  const outcome = upload.import;
  if (!outcome) return null;
  return (
    <Card
      title={t('uploads.import.title', { name: upload.fileName })}
      description={t(`uploads.import.kinds.${outcome.kind}`)}
      padding="lg"
      data-testid="import-outcome"
    >
      <Figures>
        <div>
          <dt>{t('uploads.import.rows')}</dt>
          <dd>{outcome.rows}</dd>
        </div>
        <div>
          <dt>{t('uploads.import.accepted')}</dt>
          <dd>{outcome.accepted}</dd>
        </div>
        <div>
          <dt>{t('uploads.import.refused')}</dt>
          <dd>{outcome.refused.length}</dd>
        </div>
        <div>
          <dt>{t('uploads.history.quality')}</dt>
          <dd>{t('uploads.history.qualityValue', { percent: percentOf(upload.quality ?? 0) })}</dd>
        </div>
      </Figures>
      <p>{t('uploads.import.pending', { count: outcome.accepted })}</p>
      {outcome.refused.length > 0 ? (
        <Refused aria-label={t('uploads.import.refusedRows')}>
          {outcome.refused.map((r) => (
            <li key={r.row}>
              {t('uploads.import.refusedRow', { row: r.row, message: translateError(r.code, r.message) })}
            </li>
          ))}
        </Refused>
      ) : null}
      <Footer>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('uploads.import.close')}
        </Button>
      </Footer>
    </Card>
  );
}
