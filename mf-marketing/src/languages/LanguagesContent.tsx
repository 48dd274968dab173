import { Link } from '@platform/router';
import styled from 'styled-components';
import type { LanguageFigures } from '@platform/contracts';
import { readApiError } from '@platform/store';
import { EmptyState, ErrorState, ProgressBar, Skeleton, media, srOnly } from '@platform/ui';
import { usePagesT } from '../page-texts/i18n';
import { useGetLanguageFiguresQuery } from '../pages-api';
import { usePageFormats } from './format';
import { pageUrl, speakPage } from '@platform/contracts/client';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space[10]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin-bottom: ${({ theme }) => theme.space[4]};
  }
`;

const Caption = styled.caption`
  ${srOnly}
`;

// A table on wide screens; under md each row becomes a card whose cells carry their column's name.
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    vertical-align: middle;
  }
  th:first-child,
  th:nth-last-child(-n + 2),
  td:nth-last-child(-n + 2) {
    text-align: left;
  }
  thead th {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  tbody th {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  ${media.down('md')} {
    thead {
      ${srOnly}
    }
    tbody,
    tr,
    th,
    td {
      display: block;
    }
    tr {
      margin-bottom: ${({ theme }) => theme.space[4]};
      padding: ${({ theme }) => theme.space[4]};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.lg};
      background: ${({ theme }) => theme.colors.surface};
    }
    tbody th {
      font-size: ${({ theme }) => theme.fontSizes.lg};
      border: 0;
      padding: 0 0 ${({ theme }) => theme.space[2]};
    }
    td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space[3]};
      padding: ${({ theme }) => `${theme.space[2]} 0`};
      text-align: right;
    }
    td:last-child {
      border-bottom: 0;
    }
    td[data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      text-align: left;
    }
    td:nth-last-child(2) {
      display: block;
    }
    td:nth-last-child(2)::before {
      display: none;
    }
  }
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 10rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Updated = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Definitions = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const COLUMNS = ['hoursRecorded', 'hoursValidated', 'speakers', 'sentences', 'textPairs'] as const;

function FiguresTable({ rows }: { rows: readonly LanguageFigures[] }) {
  const t = usePagesT();
  const f = usePageFormats();
  const value = (row: LanguageFigures, column: (typeof COLUMNS)[number]) =>
    column === 'hoursRecorded' || column === 'hoursValidated' ? f.hours(row[column]) : f.count(row[column]);
  return (
    <Table>
      <Caption>{t('languagesPage.caption')}</Caption>
      <thead>
        <tr>
          <th scope="col">{t('languagesPage.columns.language')}</th>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {t(`languagesPage.columns.${column}`)}
            </th>
          ))}
          <th scope="col">{t('languagesPage.columns.progress')}</th>
          <th scope="col">{t('languagesPage.columns.contribute')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const name = t(`languagesPage.names.${row.language}`);
          const share = row.goalHours > 0 ? Math.min(1, row.hoursValidated / row.goalHours) : 0;
          const progress = t('languagesPage.progress', {
            percent: f.percent(share),
            validated: f.hours(row.hoursValidated),
            goal: f.count(row.goalHours),
          });
          return (
            <tr key={row.language} data-language={row.language}>
              <th scope="row">{name}</th>
              {COLUMNS.map((column) => (
                <td key={column} data-label={t(`languagesPage.columns.${column}`)}>
                  {value(row, column)}
                </td>
              ))}
              <td>
                <Progress>
                  <ProgressBar
                    value={Math.min(row.hoursValidated, row.goalHours)}
                    max={row.goalHours || 1}
                    aria-label={t('languagesPage.progressLabel', { language: name })}
                    valueText={progress}
                    variant={share >= 1 ? 'success' : 'primary'}
                    size="sm"
                  />
                  <span>{progress}</span>
                </Progress>
              </td>
              <td>
                <Link to={pageUrl(speakPage)}>{t('languagesPage.contribute', { language: name })}</Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function LoadingRows() {
  const t = usePagesT();
  return (
    <div aria-busy="true" role="status" aria-label={t('languagesPage.loading')}>
      <Skeleton lines={5} height="2.5rem" />
    </div>
  );
}

/** /languages' content: the figures per language, and how they are counted. */
export function LanguagesContent() {
  const t = usePagesT();
  const f = usePageFormats();
  const figures = useGetLanguageFiguresQuery();
  const data = figures.data;

  let body;
  if (data) {
    body =
      data.languages.length === 0 ? (
        <EmptyState title={t('languagesPage.empty')} headingLevel={3} />
      ) : (
        <>
          <FiguresTable rows={data.languages} />
          <Updated>{t('languagesPage.updated', { time: f.dateTime(data.computedAt) })}</Updated>
        </>
      );
  } else if (figures.isError) {
    const failure = readApiError(figures.error);
    body = (
      <ErrorState
        title={t('languagesPage.loadFailed')}
        message={failure.kind === 'network' ? t('languagesPage.unreachable') : undefined}
        onRetry={() => void figures.refetch()}
        retryLabel={t('languagesPage.retry')}
        retrying={figures.isFetching}
      />
    );
  } else {
    body = <LoadingRows />;
  }

  return (
    <>
      <Section aria-labelledby="languages-figures">
        <h2 id="languages-figures">{t('languagesPage.figuresTitle')}</h2>
        {body}
      </Section>
      <Section aria-labelledby="languages-counting">
        <h2 id="languages-counting">{t('languagesPage.countingTitle')}</h2>
        <Definitions>
          {COLUMNS.map((column) => (
            <div key={column}>
              <dt>{t(`languagesPage.columns.${column}`)}</dt>
              <dd>{t(`languagesPage.definitions.${column}`)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('languagesPage.columns.progress')}</dt>
            <dd>{t('languagesPage.definitions.progress')}</dd>
          </div>
        </Definitions>
      </Section>
    </>
  );
}
