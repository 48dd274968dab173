import styled from 'styled-components';
import { BRAND_NAME, PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { lazyContent } from '../pages-lazy';
import { SiteFrame } from '../site/SiteFrame';

const AboutSections = lazyContent(() => import('./AboutSections').then((m) => m.AboutSections));

const Column = styled.div`
  max-width: 56rem;
`;

/** /about: the mission, how the data is licensed, how to cite it, and how to reach the team. */
export function AboutPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <PageBody>
        <Column>
          <PageHeader title={t('titles.about')} subtitle={t('about.intro', { brand: BRAND_NAME })} />
          <AboutSections />
        </Column>
      </PageBody>
    </SiteFrame>
  );
}
