import { useEffect, useRef, useState } from 'react';
import type { Dataset, DatasetLicense, ReleaseArtifactName } from '@platform/contracts';
import { useAppDispatch } from '@platform/store';
import { useToast } from '@platform/ui';
import { afterDownloadTags, releasesApi, useAcceptLicenceMutation } from '../api/releasesApi';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';
import { LicenceDialog } from './LicenceDialog';
import { releaseFileUrl, startDownload } from './startDownload';

/** How long after a download starts the figures are read again (the service counts it when the file is asked for). */
const REFRESH_AFTER_MS = 1500;

export interface DownloadRequest {
  /** The licence is shown in the dialog; a history entry (accepted before) does not carry it. */
  dataset: Pick<Dataset, 'id' | 'name' | 'licenceAccepted'> & { license?: DatasetLicense };
  version: number | 'latest';
  artifact: ReleaseArtifactName;
}

/**
 * Downloads on this page: the licence dialog first when the person has not accepted this dataset's terms,
 * then the file by a plain link; the cards, the stat cards and the history are read again afterwards.
 */
export function useDownload() {
  const t = useDatasetsT();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [acceptLicence] = useAcceptLicenceMutation();
  const [pending, setPending] = useState<DownloadRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const go = ({ dataset, version, artifact }: DownloadRequest) => {
    startDownload(releaseFileUrl(dataset.id, version, artifact));
    toast.show({ variant: 'info', title: t('downloads.download.started') });
    timers.current.push(
      setTimeout(() => dispatch(releasesApi.util.invalidateTags([...afterDownloadTags])), REFRESH_AFTER_MS),
    );
  };

  const request = (download: DownloadRequest) => {
    if (download.dataset.licenceAccepted) go(download);
    else {
      setProblem(null);
      setPending(download);
    }
  };

  const accept = async () => {
    if (!pending) return;
    try {
      await acceptLicence(pending.dataset.id).unwrap();
      const accepted = pending;
      setPending(null);
      go({ ...accepted, dataset: { ...accepted.dataset, licenceAccepted: true } });
    } catch (error) {
      setProblem(specificErrorMessage(readApiError(error)) ?? t('downloads.licence.failed'));
    }
  };

  const dialog = (
    <LicenceDialog
      key={pending ? `${pending.dataset.id}/${pending.version}/${pending.artifact}` : 'no-licence-dialog'}
      dataset={pending?.dataset ?? null}
      onClose={() => setPending(null)}
      onAccept={accept}
      problem={problem}
    />
  );

  return { request, dialog };
}
