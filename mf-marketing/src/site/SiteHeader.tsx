import { Link } from '@platform/router';
import styled from 'styled-components';
import { BRAND_NAME } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { AnchorLink } from './AnchorLink';

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

/** The public site's header, on the landing page and every other public page (the shell adds no chrome there). */
export function SiteHeader() {
  const t = useMarketingT();
  return (
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
            <AnchorLink to="faq">{t('landing.faq')}</AnchorLink>
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
  );
}
