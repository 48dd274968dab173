import { Link } from '@platform/router';
import styled from 'styled-components';
import { focusRing } from '@platform/ui';
import { BRAND_NAME } from '@platform/remote-kit';
import { useLocale } from '@platform/i18n';
import { PAGES, pageUrl, type FooterColumn } from '@platform/contracts/client';
import { useMarketingT } from '../i18n';
import { useGetPublicStatsQuery } from '../api/publicSiteApi';
import { AnchorLink } from './AnchorLink';
import type { LandingSection } from './anchors';
import { NewsletterBox } from './NewsletterBox';

const Footer = styled.footer`
  margin-top: ${({ theme }) => theme.space[16]};
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[6]} ${theme.space[6]}`};
  background: ${({ theme }) => theme.colors.neutral[900]};
  color: ${({ theme }) => theme.colors.neutral[100]};
  /* Column titles: names of the link lists (landmarks), not headings of the page's outline. */
  nav > strong,
  form > strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.colors.textInverse};
  }
  a {
    color: ${({ theme }) => theme.colors.neutral[100]};
    text-decoration: none;
    ${focusRing}
  }
  a:hover {
    color: ${({ theme }) => theme.colors.textInverse};
    text-decoration: underline;
  }
  p {
    margin: 0;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[8]};
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  max-width: 1200px;
  margin: 0 auto;
  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[2]};
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const Brand = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme }) => theme.colors.textInverse};
  }
`;

const Bottom = styled.div`
  max-width: 1200px;
  margin: ${({ theme }) => theme.space[10]} auto 0;
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.neutral[700]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const SECTION_LINKS: ReadonlyArray<[LandingSection, string]> = [
  ['features', 'footer.links.features'],
  ['how-it-works', 'footer.links.howItWorks'],
  ['roles', 'footer.links.roles'],
  ['demo', 'footer.links.demo'],
  ['faq', 'footer.links.faq'],
];

/** The pages a column lists, as their declarations place them (`nav.publicFooter`). */
const pageLinks = (column: FooterColumn): ReadonlyArray<[string, string]> =>
  PAGES.flatMap((page) => {
    const place = page.nav?.publicFooter;
    return place?.column === column ? [{ to: pageUrl(page), label: place.label, order: place.order }] : [];
  })
    .sort((a, b) => a.order - b.order)
    .map(({ to, label }) => [to, label]);

const PAGE_LINKS = pageLinks('data');
const COMMUNITY_LINKS = pageLinks('community');

/** "{count} languages and growing", with the plural form the language's rules choose (no ICU parser). */
function useLanguagesLine(): string | null {
  const t = useMarketingT();
  const locale = useLocale();
  const { data } = useGetPublicStatsQuery();
  if (!data) return null;
  const count = data.languages;
  let form = 'other';
  try {
    form = new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
  } catch {
    // An unknown locale: the general form.
  }
  return t(`footer.languages.${form}`, { count: new Intl.NumberFormat(locale).format(count) });
}

/** The public site's footer: brand, links that go somewhere, the newsletter box, the year from the date. */
export default function SiteFooter() {
  const t = useMarketingT();
  const languagesLine = useLanguagesLine();
  return (
    <Footer>
      <Columns>
        <Brand>
          <strong translate="no">{BRAND_NAME}</strong>
          <p>{t('footer.tagline')}</p>
          {languagesLine ? <p>{languagesLine}</p> : null}
        </Brand>
        <nav aria-labelledby="footer-platform">
          <strong id="footer-platform">{t('footer.columns.platform')}</strong>
          <ul>
            {SECTION_LINKS.map(([section, key]) => (
              <li key={section}>
                <AnchorLink to={section}>{t(key)}</AnchorLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-data">
          <strong id="footer-data">{t('footer.columns.data')}</strong>
          <ul>
            {PAGE_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-community">
          <strong id="footer-community">{t('footer.columns.community')}</strong>
          <ul>
            <li>
              <AnchorLink to="contact">{t('footer.links.contact')}</AnchorLink>
            </li>
            {COMMUNITY_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterBox />
      </Columns>
      <Bottom>
        © {new Date().getFullYear()} <span translate="no">{BRAND_NAME}</span>
      </Bottom>
    </Footer>
  );
}
