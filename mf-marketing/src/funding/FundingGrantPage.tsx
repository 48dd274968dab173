import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';

/** /funding-grant: the page's title and frame; its content arrives with the issue that builds this screen. */
export function FundingGrantPage() {
  const t = useMarketingT();
  return (
    <PageBody>
      <PageHeader title={t('titles.funding')} subtitle={t('subtitles.funding')} />
    </PageBody>
  );
}
