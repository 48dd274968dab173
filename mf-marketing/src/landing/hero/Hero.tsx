import styled from 'styled-components';
import { useMarketingT } from '../../i18n';
import { CallToAction } from '../../site/CallToAction';
import { Counters } from './Counters';
import { pageUrl, signinPage } from '@platform/contracts/client';

// The hero fills the first screen (below the language strip and the header), so what follows it (the
// sections' chunk) is fetched as the visitor scrolls toward it, not with the page's first load.
const Section = styled.section`
  display: flex;
  flex-direction: column;
  justify-content: center;
  min-height: 100vh;
  min-height: 100svh;
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[6]}`};
  text-align: center;
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.colors.primary.subtle} 0%,
    ${({ theme }) => theme.colors.background} 100%
  );
  h1 {
    max-width: 18ch;
    margin: 0 auto;
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
      font-size: ${({ theme }) => theme.fontSizes['6xl']};
    }
  }
  > p {
    max-width: 60ch;
    margin: ${({ theme }) => theme.space[6]} auto;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const GetStarted = styled(CallToAction)`
  && {
    align-self: center;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[8]}`};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The landing page's first screen: the promise, Get Started, and the platform's live figures. */
export function Hero() {
  const t = useMarketingT();
  return (
    <Section aria-labelledby="hero-title">
      <h1 id="hero-title" tabIndex={-1}>
        {t('titles.landing')}
      </h1>
      <p>{t('hero.subtitle')}</p>
      <GetStarted to={pageUrl(signinPage)}>{t('site.getStarted')}</GetStarted>
      <Counters />
    </Section>
  );
}
