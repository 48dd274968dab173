import { PageBody, PageHeader } from '@platform/remote-kit';
import { useDatasetsT } from '../i18n';

/** /data/view-audio-pair: the page's title and frame; its content arrives with the issue that builds this screen. */
export function ViewAudioPairsPage() {
  const t = useDatasetsT();
  return (
    <PageBody>
      <PageHeader title={t('titles.viewAudioPairs')} />
    </PageBody>
  );
}
