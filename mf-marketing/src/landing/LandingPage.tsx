import { Link } from '@platform/router';
import styled from 'styled-components';
import { useMarketingT } from '../i18n';
import { BRAND_NAME, PageBody } from '@platform/remote-kit';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  nav ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[4]};
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Brand = styled(Link)`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  text-decoration: none;
`;

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

// The landing page's anchor sections (headings: landing.sections.<id>); their content arrives with the
// landing page issue.
const sections = ['features', 'how-it-works', 'roles', 'demo', 'faq', 'contact'] as const;

/** /: the landing page frame: its own header (the shell adds no chrome here), the hero and its sections. */
export function LandingPage() {
  const t = useMarketingT();
  return (
    <>
      <Header>
        <Brand to="/" translate="no">
          {BRAND_NAME}
        </Brand>
        <nav aria-label={t('landing.site')}>
          <ul>
            <li>
              <Link to="/funding-grant">{t('landing.fundings')}</Link>
            </li>
            <li>
              <a href="#faq">{t('landing.faq')}</a>
            </li>
            <li>
              <Link to="/download">{t('landing.download')}</Link>
            </li>
            <li>
              <Link to="/about">{t('landing.about')}</Link>
            </li>
            <li>
              <Link to="/signin">{t('landing.getStarted')}</Link>
            </li>
          </ul>
        </nav>
      </Header>
      <Hero aria-labelledby="hero-title">
        <h1 id="hero-title" tabIndex={-1}>
          {t('titles.landing')}
        </h1>
        <CallToAction to="/signin">{t('landing.getStarted')}</CallToAction>
      </Hero>
      <PageBody>
        {sections.map((id) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>{t(`landing.sections.${id}`)}</h2>
          </section>
        ))}
      </PageBody>
    </>
  );
}
