import { Link } from '@platform/router';
import styled from 'styled-components';
import { PageBody } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { SiteFrame } from '../site/SiteFrame';
import { LANDING_SECTIONS } from '../site/anchors';

const Hero = styled.section`
  padding: ${({ theme }) => `${theme.space[16]} ${theme.space[6]}`};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['5xl']};
  }
`;

const CallToAction = styled(Link)`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary.main};
  color: ${({ theme }) => theme.colors.primary.contrastText};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  &:hover {
    color: ${({ theme }) => theme.colors.primary.contrastText};
    background: ${({ theme }) => theme.colors.primary.hover};
  }
`;

/** /: the landing page: the site's header, the hero and its sections. */
export function LandingPage() {
  const t = useMarketingT();
  return (
    <SiteFrame>
      <Hero aria-labelledby="hero-title">
        <h1 id="hero-title" tabIndex={-1}>
          {t('titles.landing')}
        </h1>
        <CallToAction to="/signin">{t('landing.getStarted')}</CallToAction>
      </Hero>
      <PageBody>
        {LANDING_SECTIONS.map((id) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{t(`landing.sections.${id}`)}</h2>
          </section>
        ))}
      </PageBody>
    </SiteFrame>
  );
}
