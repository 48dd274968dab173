import styled from 'styled-components';
import { Link } from '@platform/router';
import { DATASET_LICENSE_LABELS, DATASET_LICENSES, downloadsPage, pageUrl } from '@platform/contracts/client';
import { BRAND_NAME } from '@platform/remote-kit';
import { usePagesT } from '../page-texts/i18n';
import { AnchorLink } from '../site/AnchorLink';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space[10]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin-bottom: ${({ theme }) => theme.space[3]};
  }
  p,
  ul {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    line-height: ${({ theme }) => theme.lineHeights.relaxed};
  }
`;

const Licences = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  list-style: none;
  padding: 0;
  li {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.neutral[100]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Citation = styled.pre`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  border: 1px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** /about's sections: the mission, how the data is licensed, how to cite it, and how to reach the team. */
export function AboutSections() {
  const t = usePagesT();
  return (
    <>
      <Section aria-labelledby="about-mission">
        <h2 id="about-mission">{t('about.mission.title')}</h2>
        <p>{t('about.mission.body')}</p>
        <p>{t('about.mission.how')}</p>
      </Section>

      <Section aria-labelledby="about-licence">
        <h2 id="about-licence">{t('about.licence.title')}</h2>
        <p>{t('about.licence.sentences')}</p>
        <p>{t('about.licence.datasets')}</p>
        <Licences aria-label={t('about.licence.listLabel')}>
          {DATASET_LICENSES.map((licence) => (
            <li key={licence} translate="no">
              {DATASET_LICENSE_LABELS[licence]}
            </li>
          ))}
        </Licences>
        <p>{t('about.licence.privacy')}</p>
        <p>
          <Link to={pageUrl(downloadsPage)}>{t('about.licence.browse')}</Link>
        </p>
      </Section>

      <Section aria-labelledby="about-cite">
        <h2 id="about-cite">{t('about.cite.title')}</h2>
        <p>{t('about.cite.body')}</p>
        <Citation>
          <span translate="no">{BRAND_NAME}</span> {t('about.cite.pattern')}
        </Citation>
        <p>{t('about.cite.readme')}</p>
      </Section>

      <Section aria-labelledby="about-contact">
        <h2 id="about-contact">{t('about.contact.title')}</h2>
        <p>{t('about.contact.body')}</p>
        <p>
          <AnchorLink to="contact">{t('about.contact.link')}</AnchorLink>
        </p>
      </Section>
    </>
  );
}
