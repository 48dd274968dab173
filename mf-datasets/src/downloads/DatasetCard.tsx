import { useState } from 'react';
import styled from 'styled-components';
import { DATASET_LICENSE_LABELS } from '@platform/contracts/client';
import type { Dataset } from '@platform/contracts';
import { Accordion, Badge, Button, Card, VisuallyHidden, useToast } from '@platform/ui';
import { usePublishReleaseMutation } from '../api/releasesApi';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';
import { DatasetDetails } from './DatasetDetails';
import { DownloadMenu } from './DownloadMenu';
import { hoursOf, useFormats } from '../shared/format';
import { ReleaseBuild } from './ReleaseBuild';
import type { DownloadRequest } from './useDownload';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  div {
    display: flex;
    flex-direction: column;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Updated = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface DatasetCardProps {
  dataset: Dataset;
  isAdmin: boolean;
  onDownload: (request: DownloadRequest) => void;
  onViewStatistics: (dataset: Dataset) => void;
  onEdit: (dataset: Dataset) => void;
}

/** One dataset of Browse Datasets: its definition and its latest release's figures, downloads and details. */
export function DatasetCard({ dataset, isAdmin, onDownload, onViewStatistics, onEdit }: DatasetCardProps) {
  const t = useDatasetsT();
  const f = useFormats();
  const toast = useToast();
  const [open, setOpen] = useState<string | null>(null);
  const [publish, publishing] = usePublishReleaseMutation();
  const [started, setStarted] = useState<number | null>(null);
  const release = dataset.latestRelease;
  const figures = release?.figures;
  const buildingVersion = dataset.building?.version ?? started;
  const headingId = `dataset-${dataset.id}`;

  /** A full release, or with `base` a delta holding only what is new since that release. */
  const startRelease = async (base?: number) => {
    try {
      const answer = await publish(
        base === undefined ? { id: dataset.id } : { id: dataset.id, base },
      ).unwrap();
      setStarted(answer.version);
    } catch (error) {
      const failure = readApiError(error);
      toast.show({
        variant: 'error',
        title: t('downloads.admin.publishFailed'),
        description: specificErrorMessage(failure) ?? undefined,
      });
    }
  };

  return (
    <Card aria-labelledby={headingId} data-testid="dataset-card">
      <Head>
        <h3 id={headingId} translate="no">
          {dataset.name}
        </h3>
        <Badges>
          <Badge variant="primary">{t(`downloads.languages.${dataset.language}`)}</Badge>
          <Badge variant="secondary">{t(`downloads.categories.${dataset.category}`)}</Badge>
          <Badge variant="info" translate="no">
            {DATASET_LICENSE_LABELS[dataset.license]}
          </Badge>
        </Badges>
      </Head>
      <Description translate="no">{dataset.description}</Description>
      {dataset.tags.length > 0 ? (
        <Badges>
          <VisuallyHidden>{t('downloads.card.tags')}</VisuallyHidden>
          {dataset.tags.map((tag) => (
            <Badge key={tag} size="sm" translate="no">
              {tag}
            </Badge>
          ))}
        </Badges>
      ) : null}
      {release && figures ? (
        <Figures>
          <div>
            <dt>{t('downloads.card.size')}</dt>
            <dd>{f.bytes(figures.bytes)}</dd>
          </div>
          <div>
            <dt>{t('downloads.card.hours')}</dt>
            <dd>{t('downloads.card.hoursValue', { hours: f.hours(hoursOf(figures.audioSeconds)) })}</dd>
          </div>
          <div>
            <dt>{t('downloads.card.contributors')}</dt>
            <dd>{f.number(figures.contributors)}</dd>
          </div>
          <div>
            <dt>{t('downloads.card.downloads')}</dt>
            <dd>{f.number(dataset.downloads)}</dd>
          </div>
          <div>
            <dt>{t('downloads.card.release')}</dt>
            <dd>{f.number(release.version)}</dd>
          </div>
        </Figures>
      ) : (
        <Updated>{t('downloads.card.noRelease')}</Updated>
      )}
      {isAdmin && buildingVersion !== null ? (
        <ReleaseBuild key={buildingVersion} datasetId={dataset.id} version={buildingVersion} />
      ) : null}
      <Footer>
        <Updated>{t('downloads.card.lastUpdated', { date: f.date(dataset.updatedAt) })}</Updated>
        <Actions>
          {release ? (
            <>
              <Button variant="outline" size="sm" onClick={() => onViewStatistics(dataset)}>
                {t('downloads.card.viewStatistics')}
              </Button>
              <DownloadMenu dataset={dataset} release={release} onDownload={onDownload} />
            </>
          ) : null}
          {isAdmin ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => onEdit(dataset)}>
                {t('downloads.admin.edit')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                loading={publishing.isLoading}
                disabled={dataset.building !== null}
                onClick={() => void startRelease()}
              >
                {t('downloads.admin.publish')}
              </Button>
              {release ? (
                <Button
                  variant="outline"
                  size="sm"
                  loading={publishing.isLoading}
                  disabled={dataset.building !== null}
                  onClick={() => void startRelease(release.version)}
                >
                  {t('downloads.admin.publishDelta', { version: release.version })}
                </Button>
              ) : null}
            </>
          ) : null}
        </Actions>
      </Footer>
      <Accordion
        headingLevel={4}
        value={open}
        onValueChange={setOpen}
        items={[
          {
            id: 'details',
            title: t('downloads.details.title'),
            content: open === 'details' ? <DatasetDetails dataset={dataset} onDownload={onDownload} /> : null,
          },
        ]}
      />
    </Card>
  );
}
