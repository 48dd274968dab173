import { PageBody, PageHeader } from '@platform/remote-kit';
import { useDatasetsT } from '../i18n';

/** /data/addtextpair: the page's title and frame; its content arrives with the issue that builds this screen. */
export function AddTextPairPage() {
  const t = useDatasetsT();
  return (
    <PageBody>
      <PageHeader title={t('titles.addTextPair')} subtitle={t('subtitles.addTextPair')} />
    </PageBody>
  );
}
