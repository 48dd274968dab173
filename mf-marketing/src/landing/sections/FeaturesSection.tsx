import styled from 'styled-components';
import { AnchorLink } from '../../site/AnchorLink';
import { useSectionsT } from './i18n';
import { CardGrid, Section, Tile } from './Section';

const CORE = ['s2t', 't2s', 's2s'] as const;
const LARGE = ['validation', 'access'] as const;
const ADVANCED = ['analytics', 'workflows', 'security', 'network'] as const;

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  & + & {
    margin-top: ${({ theme }) => theme.space[10]};
  }
  > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    text-align: center;
  }
`;

const LargeTile = styled(Tile)`
  padding: ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.colors.primary.subtle};
  border-color: transparent;
  h3 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const SmallTile = styled(Tile)`
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const CallToAction = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[12]};
  padding: ${({ theme }) => theme.space[8]};
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.primary.main};
  color: ${({ theme }) => theme.colors.primary.contrastText};
  text-align: center;
  h3,
  p {
    margin: 0;
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary.subtleText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-decoration: none;
  }
  a:focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.colors.surface}`};
    outline-offset: 2px;
  }
`;

/** #features: the three kinds of data, the two pillars, four capabilities for teams, and a way to ask. */
export function FeaturesSection() {
  const t = useSectionsT();
  return (
    <Section id="features" title={t('features.title')} intro={t('features.intro')}>
      <Group>
        <CardGrid $columns={3}>
          {CORE.map((key) => (
            <Tile key={key}>
              <h3>{t(`features.${key}.title`)}</h3>
              <p>{t(`features.${key}.text`)}</p>
            </Tile>
          ))}
        </CardGrid>
        <CardGrid $columns={2}>
          {LARGE.map((key) => (
            <LargeTile key={key}>
              <h3>{t(`features.${key}.title`)}</h3>
              <p>{t(`features.${key}.text`)}</p>
            </LargeTile>
          ))}
        </CardGrid>
      </Group>
      <Group>
        <h3>{t('features.advancedTitle')}</h3>
        <CardGrid $columns={4}>
          {ADVANCED.map((key) => (
            <SmallTile key={key}>
              <h4>{t(`features.${key}.title`)}</h4>
              <p>{t(`features.${key}.text`)}</p>
            </SmallTile>
          ))}
        </CardGrid>
      </Group>
      <CallToAction>
        <h3>{t('features.cta.title')}</h3>
        <p>{t('features.cta.text')}</p>
        <AnchorLink to="contact">{t('features.cta.link')}</AnchorLink>
      </CallToAction>
    </Section>
  );
}
