import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  downloadPage,
  downloadsPage,
  LANGUAGES,
  languagesPage,
  pageUrl,
  REVIEW_DECISION_MIN,
  signupPage,
} from '@platform/contracts/client';
import { Link } from '@platform/router';
import { Accordion } from '@platform/ui';
import { AnchorLink } from '../../site/AnchorLink';
import { useSectionsT } from './i18n';
import { Section } from './Section';

const Answer = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  p,
  ul {
    margin: 0;
  }
  ul {
    padding-left: ${({ theme }) => theme.space[5]};
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[6]}`};
`;

const Faq = styled.div`
  max-width: 48rem;
  margin: 0 auto;
`;

const More = styled.p`
  margin: ${({ theme }) => `${theme.space[8]} 0 0`};
  text-align: center;
  a {
    margin-left: ${({ theme }) => theme.space[2]};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

/** #faq: six questions a visitor asks, one answer open at a time (opening one closes the other). */
export function FaqSection() {
  const t = useSectionsT();
  const items: Array<{ id: string; title: string; content: ReactNode }> = [
    { id: 'what', title: t('faq.what.question'), content: <p>{t('faq.what.answer')}</p> },
    {
      id: 'contribute',
      title: t('faq.contribute.question'),
      content: (
        <Answer>
          <p>{t('faq.contribute.answer')}</p>
          <p>
            <Link to={pageUrl(signupPage, { role: 'contributor' })}>{t('faq.contribute.link')}</Link>
          </p>
        </Answer>
      ),
    },
    { id: 'roles', title: t('faq.roles.question'), content: <p>{t('faq.roles.answer')}</p> },
    {
      id: 'validation',
      title: t('faq.validation.question'),
      content: <p>{t('faq.validation.answer', { votes: REVIEW_DECISION_MIN })}</p>,
    },
    {
      id: 'access',
      title: t('faq.access.question'),
      content: (
        <Answer>
          <p>{t('faq.access.answer')}</p>
          <Links>
            <Link to={pageUrl(downloadPage)}>{t('faq.access.downloadLink')}</Link>
            <Link to={pageUrl(downloadsPage)}>{t('faq.access.datasetsLink')}</Link>
          </Links>
        </Answer>
      ),
    },
    {
      id: 'languages',
      title: t('faq.languages.question'),
      content: (
        <Answer>
          <p>{t('faq.languages.answer')}</p>
          <ul>
            {LANGUAGES.map(({ code }) => (
              <li key={code}>{t(`languages.${code}`)}</li>
            ))}
          </ul>
          <p>
            <Link to={pageUrl(languagesPage)}>{t('faq.languages.link')}</Link>
          </p>
        </Answer>
      ),
    },
  ];
  return (
    <Section id="faq" title={t('faq.title')}>
      <Faq>
        <Accordion items={items} headingLevel={3} />
        <More>
          {t('faq.more')}
          <AnchorLink to="contact">{t('faq.contactLink')}</AnchorLink>
        </More>
      </Faq>
    </Section>
  );
}
