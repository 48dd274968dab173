import styled from 'styled-components';
import { Link } from '@platform/router';
import { Button, Card, srOnly } from '@platform/ui';
import { usePagesT } from '../page-texts/i18n';
import { MODEL_LINKS, type ModelKind } from './links';
import { downloadsPage, pageUrl } from '@platform/contracts/client';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const Points = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[6]};
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const NewTab = styled.span`
  ${srOnly}
`;

const POINTS = ['source', 'quality', 'format'] as const;

/** What the platform's data offers for a kind of model, and the outside documentation. */
export function ModelContent({ kind }: { kind: ModelKind }) {
  const t = usePagesT();
  return (
    <Stack>
      <Card title={t('models.offersTitle')} headingLevel={2}>
        <Points>
          {POINTS.map((point) => (
            <li key={point}>{t(`models.${kind}.points.${point}`)}</li>
          ))}
        </Points>
      </Card>
      <Card title={t('models.docsTitle')} headingLevel={2} description={t(`models.${kind}.docs`)}>
        <Actions>
          <Button
            href={MODEL_LINKS[kind]}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="model-docs-link"
          >
            {t(`models.${kind}.docsButton`)}
            <NewTab>{t('models.newTab')}</NewTab>
          </Button>
          <Button as={Link} to={pageUrl(downloadsPage)} variant="outline">
            {t('models.browseDatasets')}
          </Button>
        </Actions>
      </Card>
    </Stack>
  );
}
