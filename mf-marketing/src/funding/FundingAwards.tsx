import { useId, useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, CheckIcon, focusRing, srOnly } from '@platform/ui';
import { usePagesT } from '../page-texts/i18n';
import { FUNDING_AWARDS, type FundingAward } from './awards';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[6]}`};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  div {
    display: flex;
    gap: ${({ theme }) => theme.space[1]};
  }
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0;
  }
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const ExternalLink = styled.a`
  align-self: flex-start;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  ${focusRing}
`;

const NewTab = styled.span`
  ${srOnly}
`;

const Toggle = styled(Button)`
  align-self: flex-start;
`;

function AwardCard({ award }: { award: FundingAward }) {
  const t = usePagesT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  return (
    <Card aria-labelledby={titleId} data-award={award.id}>
      <Row>
        <Badge variant="primary">{t(award.category)}</Badge>
        <Badge variant="success">
          <CheckIcon />
          {t('funding.awarded')}
        </Badge>
      </Row>
      <h2 id={titleId}>{t(award.title)}</h2>
      <Facts>
        <div>
          <dt>{t('funding.provider')}</dt>
          <dd translate="no">{award.provider}</dd>
        </div>
        <div>
          <dt>{t('funding.year')}</dt>
          <dd>{award.year}</dd>
        </div>
      </Facts>
      <p>{t(award.description)}</p>
      <Tags aria-label={t('funding.tagsLabel')}>
        {award.tags.map((tag) => (
          <li key={tag}>
            <Badge size="sm">{t(tag)}</Badge>
          </li>
        ))}
      </Tags>
      <Details>
        <h3>{t('funding.details')}</h3>
        <div id={detailsId} hidden={!open}>
          <p>{t(award.fullDescription)}</p>
        </div>
        <Toggle
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('funding.showLess') : t('funding.readMore')}
        </Toggle>
      </Details>
      <ExternalLink href={award.link} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
        {t('funding.viewDetails')}
        <NewTab>{t('funding.newTab')}</NewTab>
      </ExternalLink>
    </Card>
  );
}

/** The awards, each as a card. */
export function FundingAwards() {
  return (
    <List>
      {FUNDING_AWARDS.map((award) => (
        <li key={award.id}>
          <AwardCard award={award} />
        </li>
      ))}
    </List>
  );
}
