import styled from 'styled-components';
import { AnchorLink } from '../../site/AnchorLink';
import { useSectionsT } from './i18n';
import { CardGrid, Section, Tile } from './Section';

const STEPS = ['collection', 'processing', 'access'] as const;

const Steps = styled(CardGrid).attrs({ as: 'ol' })`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const StepNumber = styled.p`
  && {
    color: ${({ theme }) => theme.colors.primary.subtleText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-transform: uppercase;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const DemoLink = styled.p`
  margin: ${({ theme }) => `${theme.space[8]} 0 0`};
  text-align: center;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/** #how-it-works: collection, validation, access; then the demo. */
export function HowItWorksSection() {
  const t = useSectionsT();
  return (
    <Section id="how-it-works" title={t('howItWorks.title')} intro={t('howItWorks.intro')} tinted>
      <Steps $columns={3}>
        {STEPS.map((key, index) => (
          <li key={key}>
            <Tile as="div">
              <StepNumber>{t('howItWorks.step', { number: index + 1 })}</StepNumber>
              <h3>{t(`howItWorks.${key}.title`)}</h3>
              <p>{t(`howItWorks.${key}.text`)}</p>
            </Tile>
          </li>
        ))}
      </Steps>
      <DemoLink>
        <AnchorLink to="demo">{t('howItWorks.demoLink')}</AnchorLink>
      </DemoLink>
    </Section>
  );
}
