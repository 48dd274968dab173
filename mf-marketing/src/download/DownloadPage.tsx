import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { lazyContent } from '../pages-lazy';
import { SiteFrame } from '../site/SiteFrame';

const DownloadSections = lazyContent(() => import('./DownloadSections').then((m) => m.DownloadSections));

/** /download: how to get the datasets (the downloads page, the API) and the latest release figures. */
export function DownloadPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <PageBody>
        <PageHeader title={t('titles.download')} subtitle={t('download.intro')} />
        <DownloadSections />
      </PageBody>
    </SiteFrame>
  );
}
