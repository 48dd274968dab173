import styled from 'styled-components';
import { Link } from '@platform/router';
import type { Dataset } from '@platform/contracts';
import {
  DATASET_LICENSE_LABELS,
  downloadsPage,
  getDatasets,
  pageUrl,
  signupPage,
} from '@platform/contracts/client';
import { readApiError } from '@platform/store';
import { Button, EmptyState, ErrorState, Skeleton, StatCard, VisuallyHidden, media } from '@platform/ui';
import { usePagesT } from '../page-texts/i18n';
import { usePageFormats } from '../languages/format';
import { useGetDownloadDatasetsQuery, useGetDownloadSummaryQuery } from '../pages-api';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space[10]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin-bottom: ${({ theme }) => theme.space[3]};
  }
  p {
    max-width: 56rem;
    line-height: ${({ theme }) => theme.lineHeights.relaxed};
  }
`;

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: 1fr;
  ${media.up('sm')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.up('lg')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const DatasetList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const DatasetItem = styled.li`
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[6]}`};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dl div {
    display: flex;
    gap: ${({ theme }) => theme.space[1]};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Code = styled.pre`
  margin: ${({ theme }) => `${theme.space[3]} 0`};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.neutral[900]};
  color: ${({ theme }) => theme.colors.neutral[50]};
  overflow-x: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const SUMMARY_CARDS = ['availableDatasets', 'audioHours', 'contributors', 'totalDownloads'] as const;

function ReleaseFigures() {
  const t = usePagesT();
  const f = usePageFormats();
  const summary = useGetDownloadSummaryQuery();
  if (summary.isError && !summary.data) {
    return (
      <ErrorState
        title={t('download.figures.loadFailed')}
        onRetry={() => void summary.refetch()}
        retryLabel={t('download.retry')}
        retrying={summary.isFetching}
      />
    );
  }
  const data = summary.data;
  // Not StatCard's own loading state: its hidden "Loading" is English only.
  const loading = (
    <>
      <Skeleton width="4rem" height="2rem" />
      <VisuallyHidden>{t('download.figures.loading')}</VisuallyHidden>
    </>
  );
  return (
    <Cards aria-busy={!data || undefined}>
      {SUMMARY_CARDS.map((card) => (
        <StatCard
          key={card}
          label={t(`download.figures.${card}`)}
          value={
            !data
              ? loading
              : card === 'audioHours'
                ? t('download.hours', { hours: f.hours(data.audioHours) })
                : f.count(data[card])
          }
        />
      ))}
    </Cards>
  );
}

function DatasetEntry({ dataset }: { dataset: Dataset }) {
  const t = usePagesT();
  const f = usePageFormats();
  const release = dataset.latestRelease;
  const language =
    dataset.language === 'multiple'
      ? t('download.multipleLanguages')
      : t(`languagesPage.names.${dataset.language}`);
  return (
    <DatasetItem>
      <h3 translate="no">{dataset.name}</h3>
      <dl>
        <div>
          <dt>{t('download.datasets.language')}</dt>
          <dd>{language}</dd>
        </div>
        <div>
          <dt>{t('download.datasets.licence')}</dt>
          <dd translate="no">{DATASET_LICENSE_LABELS[dataset.license]}</dd>
        </div>
        {release ? (
          <>
            <div>
              <dt>{t('download.datasets.version')}</dt>
              <dd>{f.count(release.version)}</dd>
            </div>
            <div>
              <dt>{t('download.datasets.published')}</dt>
              {/* Formatted by Intl in the chosen language already. */}
              <dd translate="no">{f.date(release.publishedAt ?? release.createdAt)}</dd>
            </div>
            {release.figures ? (
              <>
                <div>
                  <dt>{t('download.datasets.hours')}</dt>
                  <dd>{t('download.hours', { hours: f.hours(release.figures.audioSeconds / 3600) })}</dd>
                </div>
                <div>
                  <dt>{t('download.datasets.size')}</dt>
                  <dd translate="no">{f.bytes(release.figures.bytes)}</dd>
                </div>
              </>
            ) : null}
          </>
        ) : (
          <div>
            <dt>{t('download.datasets.version')}</dt>
            <dd>{t('download.datasets.unreleased')}</dd>
          </div>
        )}
      </dl>
    </DatasetItem>
  );
}

function LatestDatasets() {
  const t = usePagesT();
  const f = usePageFormats();
  const datasets = useGetDownloadDatasetsQuery();
  if (datasets.data) {
    const { items, total } = datasets.data;
    if (items.length === 0) {
      return (
        <EmptyState
          title={t('download.datasets.emptyTitle')}
          description={t('download.datasets.emptyText')}
          headingLevel={3}
        />
      );
    }
    return (
      <>
        <DatasetList aria-label={t('download.datasets.listLabel')}>
          {items.map((dataset) => (
            <DatasetEntry key={dataset.id} dataset={dataset} />
          ))}
        </DatasetList>
        {total > items.length ? (
          <p>
            <Link to={pageUrl(downloadsPage)}>{t('download.datasets.more', { total: f.count(total) })}</Link>
          </p>
        ) : null}
      </>
    );
  }
  if (datasets.isError) {
    const failure = readApiError(datasets.error);
    return (
      <ErrorState
        title={t('download.datasets.loadFailed')}
        message={failure.kind === 'network' ? t('download.unreachable') : undefined}
        onRetry={() => void datasets.refetch()}
        retryLabel={t('download.retry')}
        retrying={datasets.isFetching}
      />
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label={t('download.datasets.loading')}>
      <Skeleton lines={3} height="4rem" />
    </div>
  );
}

/** /download's sections: the latest release figures, the downloads page, the datasets and the API. */
export function DownloadSections() {
  const t = usePagesT();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const curl = `curl -H "Authorization: Bearer $TOKEN" \\\n  "${origin}${getDatasets.path}?page=1"`;
  return (
    <>
      <Section aria-labelledby="download-figures">
        <h2 id="download-figures">{t('download.figures.title')}</h2>
        <ReleaseFigures />
      </Section>

      <Section aria-labelledby="download-browse">
        <h2 id="download-browse">{t('download.browse.title')}</h2>
        <p>{t('download.browse.body')}</p>
        <Actions>
          <Button as={Link} to={pageUrl(downloadsPage)}>
            {t('download.browse.open')}
          </Button>
          <Button as={Link} to={pageUrl(signupPage)} variant="outline">
            {t('download.browse.signUp')}
          </Button>
        </Actions>
      </Section>

      <Section aria-labelledby="download-datasets">
        <h2 id="download-datasets">{t('download.datasets.title')}</h2>
        <LatestDatasets />
      </Section>

      <Section aria-labelledby="download-api">
        <h2 id="download-api">{t('download.api.title')}</h2>
        <p>{t('download.api.tokens')}</p>
        <p>{t('download.api.call')}</p>
        <Code role="region" aria-label={t('download.api.exampleLabel')} tabIndex={0}>
          <code translate="no">{curl}</code>
        </Code>
        <p>{t('download.api.readOnly')}</p>
      </Section>
    </>
  );
}
