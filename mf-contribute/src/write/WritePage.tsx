import { useState } from 'react';
import styled from 'styled-components';
import { DEFAULT_LANGUAGE } from '@platform/contracts/client';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { Tabs } from '@platform/ui';
import { useGetPreferencesQuery } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import { QueueStatus } from '../queue/QueueStatus';
import { ContributionStats } from '../shared/ContributionStats';
import { BatchForm } from './BatchForm';
import { BulkForm } from './BulkForm';
import { RulesPanel } from './RulesPanel';
import type { SharedValues } from './SharedFields';
import { SingleSentenceForm } from './SingleSentenceForm';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;
  @media (min-width: 60rem) {
    grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
  }
`;

type Mode = 'single' | 'batch' | 'bulk';
const MODES: readonly Mode[] = ['single', 'batch', 'bulk'];
const isMode = (value: string): value is Mode => (MODES as readonly string[]).includes(value);

type SharedDraft = Omit<SharedValues, 'lang'> & { lang: SharedValues['lang'] | null };
const EMPTY: SharedDraft = { lang: null, domain: [], citation: '', cc0Confirmed: false };

/**
 * /user/write: add sentences for others to record, one at a time, as a small batch, or as a file. They wait
 * for review; the person's own figures (written, approved) follow each submission.
 */
export function WritePage() {
  const t = useContributeT();
  const preferences = useGetPreferencesQuery();
  const [mode, setMode] = useState<Mode>('single');
  const [draft, setDraft] = useState<SharedDraft>(EMPTY);
  // Until the person picks one, the language is the one they speak in on Speak.
  const shared: SharedValues = {
    ...draft,
    lang: draft.lang ?? preferences.data?.language ?? DEFAULT_LANGUAGE,
  };
  const formProps = {
    shared,
    onSharedChange: (values: SharedValues) => setDraft(values),
    // Fields cleared on success; the language stays as chosen.
    onSubmitted: () => setDraft({ ...EMPTY, lang: shared.lang }),
  };

  return (
    <PageBody>
      <PageHeader title={t('titles.write')}>
        <QueueStatus />
      </PageHeader>
      <ContributionStats figures="sentences" />
      <Layout>
        <Tabs
          aria-label={t('write.modes.label')}
          value={mode}
          onValueChange={(id) => {
            if (isMode(id)) setMode(id);
          }}
          items={[
            { id: 'single', label: t('write.modes.single'), content: <SingleSentenceForm {...formProps} /> },
            { id: 'batch', label: t('write.modes.batch'), content: <BatchForm {...formProps} /> },
            { id: 'bulk', label: t('write.modes.bulk'), content: <BulkForm {...formProps} /> },
          ]}
        />
        <RulesPanel withTips={mode !== 'single'} />
      </Layout>
    </PageBody>
  );
}
