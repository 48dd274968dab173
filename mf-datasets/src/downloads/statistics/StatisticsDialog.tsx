// Loaded only when View Statistics is opened: recharts (and d3's pieces) stay out of the page's first load.
import type { ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dataset, ReleaseStatistics } from '@platform/contracts';
import { Dialog, ErrorState, FigureTable, Skeleton, VisuallyHidden } from '@platform/ui';
import type { FigureColumn } from '@platform/ui';
import { useGetReleaseStatisticsQuery } from '../../api/releasesApi';
import { readApiError, specificErrorMessage } from '../../api/errorMessage';
import { useDatasetsT } from '../../i18n';
import { hoursOf, useFormats } from '../../shared/format';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  div {
    display: flex;
    flex-direction: column;
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 600;
  }
`;

const Figure = styled.figure`
  margin: ${({ theme }) => theme.space[4]} 0 0;
  figcaption {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-weight: 600;
  }
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const CHART_STYLE = { width: '100%', height: 220 } as const;

type Column<T> = FigureColumn<T>;

/**
 * One chart and its data as a table: the chart is hidden from assistive technology, which reads the table
 * (visually hidden) instead.
 */
function ChartFigure<T>({
  caption,
  rows,
  columns,
  chart,
  empty,
}: {
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  chart: ReactNode;
  empty: string;
}) {
  return (
    <Figure>
      <figcaption>{caption}</figcaption>
      {rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <>
          <div aria-hidden="true">{chart}</div>
          <VisuallyHidden>
            <FigureTable caption={caption} rows={rows} columns={columns} />
          </VisuallyHidden>
        </>
      )}
    </Figure>
  );
}

interface Point {
  name: string;
  value: number;
}

function Bars({ data, label, format }: { data: Point[]; label: string; format: (n: number) => string }) {
  const theme = useTheme();
  return (
    <BarChart responsive style={CHART_STYLE} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="name" tick={{ fontSize: 12 }} />
      <YAxis tick={{ fontSize: 12 }} tickFormatter={format} width={56} />
      <Tooltip formatter={(value) => [format(Number(value)), label]} />
      <Bar dataKey="value" name={label} fill={theme.colors.primary.main} isAnimationActive={false} />
    </BarChart>
  );
}

function Statistics({ stats }: { stats: ReleaseStatistics }) {
  const t = useDatasetsT();
  const f = useFormats();
  const hours = (seconds: number) => f.hours(hoursOf(seconds));
  const splitName = (split: string) => t(`downloads.statistics.splits.${split}`);
  const languageName = (code: string) =>
    ['yo', 'en', 'ha', 'ig', 'pcm'].includes(code) ? t(`downloads.languages.${code}`) : code;
  const dialectName = (key: string) =>
    ['standard-yoruba', 'ekiti-yoruba', 'ijebu-yoruba', 'other'].includes(key)
      ? t(`viewAudioPairs.dialects.${key}`)
      : key;
  const range = (from: number, to: number) =>
    t('downloads.statistics.secondsRange', { from: f.number(from), to: f.number(to) });

  const breakdownColumns = (
    first: string,
    name: (key: string) => string,
  ): Column<ReleaseStatistics['languages'][number]>[] => [
    { header: first, value: (r) => name(r.key) },
    { header: t('downloads.statistics.clips'), value: (r) => f.number(r.clips) },
    { header: t('downloads.statistics.hours'), value: (r) => hours(r.seconds) },
    { header: t('downloads.statistics.speakers'), value: (r) => f.number(r.speakers) },
  ];

  return (
    <div data-testid="release-statistics">
      <Summary>
        <div>
          <dt>{t('downloads.statistics.clips')}</dt>
          <dd>{f.number(stats.clips)}</dd>
        </div>
        <div>
          <dt>{t('downloads.statistics.hours')}</dt>
          <dd>{hours(stats.audioSeconds)}</dd>
        </div>
        <div>
          <dt>{t('downloads.statistics.speakers')}</dt>
          <dd>{f.number(stats.speakers)}</dd>
        </div>
        <div>
          <dt>{t('downloads.statistics.validatedShare')}</dt>
          <dd>{stats.validatedShare === null ? '—' : f.percent(stats.validatedShare)}</dd>
        </div>
        <div>
          <dt>{t('downloads.statistics.sentences')}</dt>
          <dd>{f.number(stats.sentences)}</dd>
        </div>
        <div>
          <dt>{t('downloads.statistics.textPairs')}</dt>
          <dd>{f.number(stats.textPairs)}</dd>
        </div>
      </Summary>
      <ChartFigure
        caption={t('downloads.statistics.splitsCaption')}
        empty={t('downloads.statistics.noAudio')}
        rows={stats.clips === 0 ? [] : stats.splits}
        columns={[
          { header: t('downloads.statistics.split'), value: (r) => splitName(r.split) },
          { header: t('downloads.statistics.clips'), value: (r) => f.number(r.clips) },
          { header: t('downloads.statistics.hours'), value: (r) => hours(r.seconds) },
          { header: t('downloads.statistics.speakers'), value: (r) => f.number(r.speakers) },
        ]}
        chart={
          <Bars
            label={t('downloads.statistics.clips')}
            format={f.number}
            data={stats.splits.map((s) => ({ name: splitName(s.split), value: s.clips }))}
          />
        }
      />
      <ChartFigure
        caption={t('downloads.statistics.durationsCaption')}
        empty={t('downloads.statistics.noAudio')}
        rows={stats.durations}
        columns={[
          { header: t('downloads.statistics.duration'), value: (r) => range(r.from, r.to) },
          { header: t('downloads.statistics.clips'), value: (r) => f.number(r.clips) },
        ]}
        chart={
          <Bars
            label={t('downloads.statistics.clips')}
            format={f.number}
            data={stats.durations.map((b) => ({ name: range(b.from, b.to), value: b.clips }))}
          />
        }
      />
      <ChartFigure
        caption={t('downloads.statistics.languagesCaption')}
        empty={t('downloads.statistics.noAudio')}
        rows={stats.languages}
        columns={breakdownColumns(t('downloads.statistics.language'), languageName)}
        chart={
          <Bars
            label={t('downloads.statistics.hours')}
            format={(n) => f.hours(n)}
            data={stats.languages.map((r) => ({ name: languageName(r.key), value: hoursOf(r.seconds) }))}
          />
        }
      />
      <ChartFigure
        caption={t('downloads.statistics.dialectsCaption')}
        empty={t('downloads.statistics.noDialects')}
        rows={stats.dialects}
        columns={breakdownColumns(t('downloads.statistics.dialect'), dialectName)}
        chart={
          <Bars
            label={t('downloads.statistics.hours')}
            format={(n) => f.hours(n)}
            data={stats.dialects.map((r) => ({ name: dialectName(r.key), value: hoursOf(r.seconds) }))}
          />
        }
      />
    </div>
  );
}

function Body({ dataset, version }: { dataset: Dataset; version: number }) {
  const t = useDatasetsT();
  const stats = useGetReleaseStatisticsQuery({ id: dataset.id, version });
  if (stats.isLoading) return <Skeleton lines={6} />;
  if (stats.isError || !stats.data) {
    const failure = stats.error ? readApiError(stats.error) : null;
    return (
      <ErrorState
        headingLevel={3}
        title={t('downloads.statistics.failed')}
        message={failure ? (specificErrorMessage(failure) ?? undefined) : undefined}
        retryLabel={t('downloads.retry')}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  return <Statistics stats={stats.data} />;
}

export interface StatisticsDialogProps {
  dataset: Dataset | null;
  onClose: () => void;
}

/** View Statistics: the latest release's figures, measured when it was built, as charts and tables. */
export default function StatisticsDialog({ dataset, onClose }: StatisticsDialogProps) {
  const t = useDatasetsT();
  const version = dataset?.latestRelease?.version;
  return (
    <Dialog
      open={dataset !== null}
      onClose={onClose}
      size="lg"
      closeLabel={t('downloads.close')}
      title={dataset ? t('downloads.statistics.title', { name: dataset.name }) : ''}
      description={version !== undefined ? t('downloads.card.version', { version }) : undefined}
    >
      {dataset && version !== undefined ? <Body dataset={dataset} version={version} /> : null}
    </Dialog>
  );
}
