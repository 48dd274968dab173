import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { SiteFrame } from '../site/SiteFrame';

/** /newsletter?confirm=… or ?unsubscribe=…: where the newsletter's mailed links land. */
export function NewsletterPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <PageBody>
        <PageHeader title={t('titles.newsletter')} />
      </PageBody>
    </SiteFrame>
  );
}
