import { PageBody, PageHeader } from '@platform/remote-kit';
import { useDatasetsT } from '../i18n';

/** /data/downloads: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DatasetDownloadsPage() {
  const t = useDatasetsT();
  return (
    <PageBody>
      <PageHeader title={t('titles.downloads')} subtitle={t('subtitles.downloads')} />
    </PageBody>
  );
}
