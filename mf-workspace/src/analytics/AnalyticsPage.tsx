import { lazy, useMemo } from 'react';
import styled from 'styled-components';
import { PageBody, PageHeader, useUrlFilters } from '@platform/remote-kit';
import { useLocale } from '@platform/i18n';
import { useSession } from '@platform/store';
import { CHART_PERIODS, LANGUAGE_CODES, MANAGING_ROLES, analyticsPage } from '@platform/contracts/client';
import type { ChartPoint, LanguageDistribution, TaskCompletionChart } from '@platform/contracts';
import { EmptyState, ErrorState, Select, Skeleton } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import {
  useGetAnalyticsProjectsQuery,
  useGetLanguageDistributionQuery,
  useGetProgressChartQuery,
  useGetQualityMetricsQuery,
  useGetTaskCompletionChartQuery,
} from '../api/analyticsApi';
import { ChartCard } from './ChartCard';
import type { Column } from './ChartCard';
import type { ChartRow } from './charts';
import { bucketLabel, numberFormats } from './format';

// recharts arrives with the first chart that has data, not with the page.
const LinesChart = lazy(() => import('./charts').then((m) => ({ default: m.LinesChart })));
const BarsChart = lazy(() => import('./charts').then((m) => ({ default: m.BarsChart })));
const BarsAndRateChart = lazy(() => import('./charts').then((m) => ({ default: m.BarsAndRateChart })));

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 28rem), 1fr));
  gap: ${({ theme }) => theme.space[6]};
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  > * {
    min-width: 12rem;
  }
`;

const isManaging = (role: string) => (MANAGING_ROLES as readonly string[]).includes(role);

/** /analytics: managers' and admins' charts; anyone else is told what the page is for. */
export function AnalyticsPage() {
  const t = useWorkspaceT();
  const session = useSession();
  let content;
  if (session.status === 'loading') content = <Skeleton height={240} />;
  else if (session.status === 'unknown')
    content = (
      <ErrorState
        headingLevel={2}
        title={t('analytics.states.errorTitle')}
        message={t('analytics.states.errorText')}
        onRetry={session.retry}
        retryLabel={t('analytics.states.retry')}
      />
    );
  else if (session.status === 'signedIn' && isManaging(session.user.role)) content = <AnalyticsCharts />;
  else
    content = (
      <EmptyState
        headingLevel={2}
        title={t('analytics.restricted.title')}
        description={t('analytics.restricted.text')}
      />
    );
  return (
    <PageBody>
      <PageHeader title={t('titles.analytics')} subtitle={t('analytics.subtitle')} />
      {content}
    </PageBody>
  );
}

const KNOWN_REASONS = new Set([
  'offensive',
  'grammar',
  'wrong-language',
  'not-public-domain',
  'hard-to-pronounce',
  'wrong-translation',
  'spelling',
  'wrong-sentence',
  'noise',
  'other',
]);

function AnalyticsCharts() {
  const t = useWorkspaceT();
  const locale = useLocale();
  const f = useMemo(() => numberFormats(locale), [locale]);
  // The period and project are in the address: a link opens the same charts.
  const [{ period, project: projectId = '' }, setFilters] = useUrlFilters(analyticsPage, { period: 'month' });
  const args = { period, ...(projectId ? { projectId } : {}) };

  const projects = useGetAnalyticsProjectsQuery();
  const progress = useGetProgressChartQuery(args);
  const completion = useGetTaskCompletionChartQuery(args);
  const languages = useGetLanguageDistributionQuery();
  const quality = useGetQualityMetricsQuery({ period });

  const periodName = t(`analytics.periods.${period}`);
  const label = (start: string) => bucketLabel(start, period, locale);
  const languageName = (code: string) =>
    (LANGUAGE_CODES as readonly string[]).includes(code) ? t(`analytics.languages.${code}`) : code;
  const reasonName = (reason: string) =>
    KNOWN_REASONS.has(reason) ? t(`analytics.reasons.${reason}`) : reason;
  const percentOrNone = (n: number | null) => (n === null ? t('analytics.none') : f.percent(n));

  // Task Progress
  const progressPoints = progress.data?.points;
  const progressColumns: Column<ChartPoint>[] = [
    { header: t('analytics.columns.period'), value: (p) => label(p.start) },
    { header: t('analytics.series.translated'), value: (p) => f.number(p.translated) },
    { header: t('analytics.series.validated'), value: (p) => f.number(p.validated) },
  ];
  const progressTotals = (progressPoints ?? []).reduce(
    (sum, p) => ({ translated: sum.translated + p.translated, validated: sum.validated + p.validated }),
    { translated: 0, validated: 0 },
  );
  const progressRows: ChartRow[] = (progressPoints ?? []).map((p) => ({
    label: label(p.start),
    translated: p.translated,
    validated: p.validated,
  }));

  // Language Distribution
  type LanguageRow = LanguageDistribution['languages'][number];
  const languageRows = languages.data?.languages;
  const topLanguage = [...(languageRows ?? [])].sort((a, b) => b.clips - a.clips)[0];
  const languageColumns: Column<LanguageRow>[] = [
    { header: t('analytics.columns.language'), value: (r) => languageName(r.language) },
    { header: t('analytics.series.clips'), value: (r) => f.number(r.clips) },
    { header: t('analytics.series.hours'), value: (r) => f.hours(r.hours) },
  ];

  // Task completion rate
  type CompletionPoint = TaskCompletionChart['points'][number];
  const completionPoints = completion.data?.points;
  const completionTotals = (completionPoints ?? []).reduce(
    (sum, p) => ({ due: sum.due + p.due, completed: sum.completed + p.completed }),
    { due: 0, completed: 0 },
  );
  const completionColumns: Column<CompletionPoint>[] = [
    { header: t('analytics.columns.period'), value: (p) => label(p.start) },
    { header: t('analytics.series.due'), value: (p) => f.number(p.due) },
    { header: t('analytics.series.completed'), value: (p) => f.number(p.completed) },
    { header: t('analytics.series.rate'), value: (p) => percentOrNone(p.rate) },
  ];

  // Quality metrics: agreement per side, then rejection reasons.
  const q = quality.data;
  interface QualityRow {
    label: string;
    value: string;
  }
  const qualityRows: QualityRow[] | undefined = q
    ? [
        { label: t('analytics.quality.recordingsAgreement'), value: percentOrNone(q.recordings.agreement) },
        { label: t('analytics.quality.textAgreement'), value: percentOrNone(q.text.agreement) },
        ...q.rejectionReasons.map((r) => ({
          label: t('analytics.quality.reason', { reason: reasonName(r.reason) }),
          value: f.number(r.count),
        })),
      ]
    : undefined;
  const qualityEmpty =
    !q || (q.recordings.decided === 0 && q.text.decided === 0 && q.rejectionReasons.length === 0);

  return (
    <>
      <Filters>
        <Select
          label={t('analytics.filters.project')}
          value={projectId}
          onChange={(e) => setFilters({ project: e.target.value || undefined })}
          options={[
            { value: '', label: t('analytics.filters.allProjects') },
            ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Select
          label={t('analytics.filters.period')}
          value={period}
          onChange={(e) => setFilters({ period: CHART_PERIODS.find((p) => p === e.target.value) })}
          options={CHART_PERIODS.map((p) => ({ value: p, label: t(`analytics.periods.${p}`) }))}
        />
      </Filters>
      <Grid>
        <ChartCard
          title={t('analytics.progress.title')}
          description={t('analytics.progress.description')}
          rows={progressPoints}
          columns={progressColumns}
          isLoading={progress.isFetching}
          error={progress.error}
          onRetry={() => void progress.refetch()}
          empty={progressTotals.translated + progressTotals.validated === 0}
          summary={t('analytics.progress.summary', {
            period: periodName,
            translated: f.number(progressTotals.translated),
            validated: f.number(progressTotals.validated),
          })}
          chart={
            <LinesChart
              data={progressRows}
              format={f.number}
              series={[
                { key: 'translated', name: t('analytics.series.translated') },
                { key: 'validated', name: t('analytics.series.validated') },
              ]}
            />
          }
        />
        <ChartCard
          title={t('analytics.languages.title')}
          description={t('analytics.languages.description')}
          rows={languageRows}
          columns={languageColumns}
          isLoading={languages.isFetching}
          error={languages.error}
          onRetry={() => void languages.refetch()}
          empty={!languageRows?.some((r) => r.clips > 0)}
          summary={
            topLanguage
              ? t('analytics.languages.summary', {
                  count: f.number(languageRows?.length ?? 0),
                  language: languageName(topLanguage.language),
                  clips: f.number(topLanguage.clips),
                  hours: f.hours(topLanguage.hours),
                })
              : ''
          }
          chart={
            <BarsChart
              data={(languageRows ?? []).map((r) => ({
                label: languageName(r.language),
                clips: r.clips,
                hours: Math.round(r.hours * 10) / 10,
              }))}
              format={f.number}
              rightFormat={f.hours}
              series={[
                { key: 'clips', name: t('analytics.series.clips') },
                { key: 'hours', name: t('analytics.series.hours'), right: true },
              ]}
            />
          }
        />
        <ChartCard
          title={t('analytics.completion.title')}
          description={t('analytics.completion.description')}
          rows={completionPoints}
          columns={completionColumns}
          isLoading={completion.isFetching}
          error={completion.error}
          onRetry={() => void completion.refetch()}
          empty={completionTotals.due === 0}
          summary={t('analytics.completion.summary', {
            period: periodName,
            completed: f.number(completionTotals.completed),
            due: f.number(completionTotals.due),
            rate: completionTotals.due
              ? f.percent(Math.round((100 * completionTotals.completed) / completionTotals.due))
              : t('analytics.none'),
          })}
          chart={
            <BarsAndRateChart
              data={(completionPoints ?? []).map((p) => ({
                label: label(p.start),
                due: p.due,
                completed: p.completed,
                rate: p.rate,
              }))}
              format={f.number}
              rightFormat={f.percent}
              series={[
                { key: 'due', name: t('analytics.series.due') },
                { key: 'completed', name: t('analytics.series.completed') },
                { key: 'rate', name: t('analytics.series.rate'), right: true },
              ]}
            />
          }
        />
        <ChartCard
          title={t('analytics.quality.title')}
          description={t('analytics.quality.description')}
          rows={qualityRows}
          columns={[
            { header: t('analytics.columns.measure'), value: (r: QualityRow) => r.label },
            { header: t('analytics.columns.value'), value: (r: QualityRow) => r.value },
          ]}
          isLoading={quality.isFetching}
          error={quality.error}
          onRetry={() => void quality.refetch()}
          empty={qualityEmpty}
          summary={
            q
              ? t('analytics.quality.summary', {
                  period: periodName,
                  recordings: percentOrNone(q.recordings.agreement),
                  text: percentOrNone(q.text.agreement),
                  rejected: f.number(q.recordings.rejected + q.text.rejected),
                })
              : ''
          }
          chart={
            <>
              <BarsChart
                height={180}
                domain={[0, 100]}
                data={[
                  { label: t('analytics.quality.recordings'), agreement: q?.recordings.agreement ?? 0 },
                  { label: t('analytics.quality.text'), agreement: q?.text.agreement ?? 0 },
                ]}
                format={f.percent}
                series={[{ key: 'agreement', name: t('analytics.series.agreement') }]}
              />
              {q?.rejectionReasons.length ? (
                <BarsChart
                  height={200}
                  data={q.rejectionReasons.map((r) => ({ label: reasonName(r.reason), count: r.count }))}
                  format={f.number}
                  series={[{ key: 'count', name: t('analytics.series.rejected') }]}
                />
              ) : null}
            </>
          }
        />
      </Grid>
    </>
  );
}
