import { useState } from 'react';
import styled from 'styled-components';
import { DATASET_LICENSE_LABELS } from '@platform/contracts/client';
import type { Dataset, ReleaseSummary } from '@platform/contracts';
import { Badge, Button, Skeleton } from '@platform/ui';
import { useGetDatasetDetailQuery } from '../api/releasesApi';
import { useDatasetsT } from '../i18n';
import { DownloadMenu } from './DownloadMenu';
import { hoursOf, useFormats } from '../shared/format';
import type { DownloadRequest } from './useDownload';
import { ReleaseUse } from './use-it/ReleaseUse';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.text};
  h4 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Releases = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[4]} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Failed = styled.span`
  color: ${({ theme }) => theme.colors.danger.main};
`;

/** What the recordings' conditions were, from what the release was built from. */
function conditionKeys(release: ReleaseSummary): string[] {
  const keys: string[] = [];
  if (release.sources.include.includes('recordings')) keys.push('downloads.details.conditionsRecordings');
  if (release.sources.include.includes('audio-pairs')) keys.push('downloads.details.conditionsDonations');
  if (keys.length === 0) keys.push('downloads.details.conditionsTextOnly');
  return keys;
}

function ReleaseFacts({ dataset, release }: { dataset: Dataset; release: ReleaseSummary }) {
  const t = useDatasetsT();
  const f = useFormats();
  const figures = release.figures;
  const audio = release.audio;
  const hasAudio = release.sources.include.some((s) => s === 'recordings' || s === 'audio-pairs');
  return (
    <Columns>
      <section>
        <h4>{t('downloads.details.contents')}</h4>
        <dl>
          <dt>{t('downloads.details.files')}</dt>
          <dd>{figures ? f.number(figures.files) : '—'}</dd>
          <dt>{t('downloads.details.clips')}</dt>
          <dd>{figures ? f.number(figures.clips) : '—'}</dd>
          <dt>{t('downloads.details.sentences')}</dt>
          <dd>{figures ? f.number(figures.sentences) : '—'}</dd>
          <dt>{t('downloads.details.textPairs')}</dt>
          <dd>{figures ? f.number(figures.textPairs) : '—'}</dd>
        </dl>
        <p>{t(hasAudio ? 'downloads.details.transcriptions' : 'downloads.details.transcriptionsText')}</p>
        <p>{t('downloads.details.speakerMetadata')}</p>
        {conditionKeys(release).map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </section>
      <section>
        <h4>{t('downloads.details.technical')}</h4>
        {audio ? (
          <dl>
            <dt>{t('downloads.details.format')}</dt>
            <dd translate="no">{audio.format}</dd>
            <dt>{t('downloads.details.sampleRate')}</dt>
            <dd>{f.number(audio.sampleRate / 1000)}</dd>
            <dt>{t('downloads.details.channels')}</dt>
            <dd>
              {audio.channels === 1
                ? t('downloads.details.mono')
                : t('downloads.details.channelCount', { count: audio.channels })}
            </dd>
            <dt>{t('downloads.details.bitDepth')}</dt>
            <dd>{f.number(audio.bitDepth)}</dd>
            <dt>{t('downloads.details.snr')}</dt>
            <dd>
              {audio.meanSnrDb === null ? t('downloads.details.snrUnknown') : f.oneDecimal(audio.meanSnrDb)}
            </dd>
          </dl>
        ) : (
          <p>{t('downloads.details.noAudio')}</p>
        )}
      </section>
      <section>
        <h4>{t('downloads.details.licence')}</h4>
        <p>
          <Badge variant="info" translate="no">
            {DATASET_LICENSE_LABELS[dataset.license]}
          </Badge>
        </p>
        <p>{t('downloads.details.licenceNote')}</p>
      </section>
    </Columns>
  );
}

function OlderReleases({
  dataset,
  onDownload,
  chosen,
  onChoose,
}: {
  dataset: Dataset;
  onDownload: (request: DownloadRequest) => void;
  /** The release the "Use it" box shows. */
  chosen: number | undefined;
  onChoose: (version: number) => void;
}) {
  const t = useDatasetsT();
  const f = useFormats();
  const detail = useGetDatasetDetailQuery(dataset.id);
  if (detail.isLoading) return <Skeleton lines={2} />;
  const older = (detail.data?.releases ?? []).filter((r) => r.version !== dataset.latestRelease?.version);
  if (older.length === 0) return null;
  return (
    <section aria-label={t('downloads.details.olderReleases')}>
      <h4>{t('downloads.details.olderReleases')}</h4>
      <Releases>
        {older.map((release) => (
          <li key={release.version} data-testid="older-release">
            <strong>{t('downloads.card.version', { version: release.version })}</strong>
            {release.status === 'published' ? (
              <>
                {/* A date from the data, in the chosen language's way (not catalogue text). */}
                <span translate="no">{release.publishedAt ? f.date(release.publishedAt) : null}</span>
                {release.figures ? (
                  <span>
                    {t('downloads.card.hoursValue', {
                      hours: f.hours(hoursOf(release.figures.audioSeconds)),
                    })}
                  </span>
                ) : null}
                <span>{t('downloads.card.downloadsCount', { count: release.downloads })}</span>
                {release.base !== undefined ? (
                  <span>{t('downloads.details.delta', { base: release.base })}</span>
                ) : null}
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-pressed={chosen === release.version}
                  onClick={() => onChoose(release.version)}
                >
                  {t('downloads.useIt.choose', { version: release.version })}
                </Button>
                <DownloadMenu
                  dataset={dataset}
                  release={release}
                  onDownload={onDownload}
                  label={t('downloads.details.releaseMenu', { version: release.version })}
                />
              </>
            ) : release.status === 'failed' ? (
              <Failed>{t('downloads.admin.failed', { error: release.error ?? '' })}</Failed>
            ) : (
              <span>{t('downloads.admin.building')}</span>
            )}
          </li>
        ))}
      </Releases>
    </section>
  );
}

/** The 'Dataset Details' panel: facts measured from the latest release, the licence, and older releases. */
export function DatasetDetails({
  dataset,
  onDownload,
}: {
  dataset: Dataset;
  onDownload: (request: DownloadRequest) => void;
}) {
  const t = useDatasetsT();
  const latest = dataset.latestRelease;
  // The "Use it" box shows the latest release until an older one is chosen.
  const [chosen, setChosen] = useState<number | undefined>(latest?.version);
  return (
    <div>
      {latest ? <ReleaseFacts dataset={dataset} release={latest} /> : <p>{t('downloads.card.noRelease')}</p>}
      <OlderReleases
        dataset={dataset}
        onDownload={onDownload}
        chosen={chosen}
        onChoose={(version) => setChosen((now) => (now === version ? latest?.version : version))}
      />
      {latest && chosen !== undefined ? <ReleaseUse dataset={dataset} version={chosen} /> : null}
    </div>
  );
}
