import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { lazyContent } from '../pages-lazy';
import { SiteFrame } from '../site/SiteFrame';

const FundingAwards = lazyContent(() => import('./FundingAwards').then((m) => m.FundingAwards));

/** /funding-grant: the research awards that support the platform, each with its details and link. */
export function FundingGrantPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <PageBody>
        <PageHeader title={t('titles.funding')} subtitle={t('subtitles.funding')} />
        <FundingAwards />
      </PageBody>
    </SiteFrame>
  );
}
