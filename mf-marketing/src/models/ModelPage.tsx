import styled from 'styled-components';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { useMarketingT } from '../i18n';
import { lazyContent } from '../pages-lazy';
import type { ModelKind } from './links';

const ModelContent = lazyContent(() => import('./ModelContent').then((m) => m.ModelContent));

const Column = styled.div`
  max-width: 56rem;
`;

/** A model page (inside the app layout): what the platform's data offers for that kind of model. */
export function ModelPage({ kind }: { kind: ModelKind }) {
  const t = useMarketingT();
  return (
    <PageBody>
      <Column>
        <PageHeader title={t(`titles.${kind}`)} subtitle={t(`models.${kind}.lead`)} />
        <ModelContent kind={kind} />
      </Column>
    </PageBody>
  );
}
