import styled from 'styled-components';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { lazyContent } from '../pages-lazy';
import { SiteFrame } from '../site/SiteFrame';

const NewsletterLink = lazyContent(() => import('./NewsletterLink').then((m) => m.NewsletterLink));

const Column = styled.div`
  max-width: 40rem;
`;

/** /newsletter?confirm=… or ?unsubscribe=…: where the newsletter's mailed links land. */
export function NewsletterPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <PageBody>
        <Column>
          <PageHeader title={t('titles.newsletter')} />
          <NewsletterLink />
        </Column>
      </PageBody>
    </SiteFrame>
  );
}
