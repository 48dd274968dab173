import { PageBody, PageHeader } from '@platform/remote-kit';
import { useDatasetsT } from '../i18n';

/** /data/uploads: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DatasetUploadsPage() {
  const t = useDatasetsT();
  return (
    <PageBody>
      <PageHeader title={t('titles.uploads')} />
    </PageBody>
  );
}
