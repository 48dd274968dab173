import styled from 'styled-components';
import { Link } from '@platform/router';
import { Button } from '@platform/ui';
import { pageUrl, signupPage } from '@platform/contracts/client';
import { useSectionsT } from './i18n';
import { CardGrid, Section, Tile } from './Section';

/** Each card's button opens sign-up with the role chosen (validators sign up as reviewers). */
export const ROLE_CARDS = [
  { key: 'contributor', signupRole: 'contributor' },
  { key: 'validator', signupRole: 'reviewer' },
  { key: 'researcher', signupRole: 'researcher' },
] as const;

const RoleTile = styled(Tile)`
  p {
    flex: 1;
  }
`;

/** #roles: contributor, validator, researcher, each with its way in. */
export function RolesSection() {
  const t = useSectionsT();
  return (
    <Section id="roles" title={t('roles.title')} intro={t('roles.intro')}>
      <CardGrid $columns={3}>
        {ROLE_CARDS.map(({ key, signupRole }) => (
          <RoleTile key={key}>
            <h3>{t(`roles.${key}.title`)}</h3>
            <p>{t(`roles.${key}.text`)}</p>
            <Button
              as={Link}
              to={pageUrl(signupPage, { role: signupRole })}
              variant={key === 'contributor' ? 'primary' : 'outline'}
            >
              {t(`roles.${key}.action`)}
            </Button>
          </RoleTile>
        ))}
      </CardGrid>
    </Section>
  );
}
