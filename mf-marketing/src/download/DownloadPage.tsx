import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';

/** /download: the page's title and frame; its content arrives with the issue that builds this screen. */
export function DownloadPage() {
  const t = useMarketingT();
  return (
    <PageBody>
      <PageHeader title={t('titles.download')} />
    </PageBody>
  );
}
