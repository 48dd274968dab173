import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { lazyContent } from '../pages-lazy';
import { SiteFrame } from '../site/SiteFrame';

const LanguagesContent = lazyContent(() => import('./LanguagesContent').then((m) => m.LanguagesContent));

/** /languages: hours recorded and validated, speakers, sentences and text pairs per language, with a goal. */
export function LanguagesPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <PageBody>
        <PageHeader title={t('titles.languages')} subtitle={t('languagesPage.intro')} />
        <LanguagesContent />
      </PageBody>
    </SiteFrame>
  );
}
