import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Dialect } from '@platform/contracts';
import { DIALECTS } from '@platform/contracts/client';
import { Card, EmptyState, Select, Skeleton, useToast } from '@platform/ui';
import { useGetPreferencesQuery, useSavePreferencesMutation } from '../api/contributeApi';
import { useGetDonateNextQuery } from '../api/donateApi';
import { errorStatus } from '../api/errorMessage';
import { useContributeT } from '../i18n';
import { Centered, StatusLine } from '../shared/RoundButton';
import { LoadFailed } from '../shared/LoadFailed';
import { PairDonation } from './PairDonation';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 56rem;
  margin: 0 auto;
`;

const TopRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
`;

const Counter = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const DialectField = styled.div`
  min-width: 16rem;
`;

const isDialect = (value: string): value is Dialect => (DIALECTS as readonly string[]).includes(value);

function LoadingCard() {
  const t = useContributeT();
  return (
    <Card aria-busy="true" padding="lg">
      <Centered>
        <StatusLine role="status">{t('donate.loading')}</StatusLine>
        <Skeleton width="30%" />
        <Skeleton lines={2} height="1.5rem" />
        <Skeleton width="40%" height="2.5rem" />
      </Centered>
    </Card>
  );
}

/**
 * Donate Your Voice: the dialect (remembered with the person's preferences), 'Contribution N of M' and
 * the next text pair to speak, from GET /api/audio/next.
 */
export function DonateSession() {
  const t = useContributeT();
  const toast = useToast();
  const next = useGetDonateNextQuery();
  const preferences = useGetPreferencesQuery();
  const [savePreferences] = useSavePreferencesMutation();
  const [chosen, setChosen] = useState<Dialect | null>(null);
  const dialect = chosen ?? preferences.data?.dialect ?? null;

  // SPEC §8: a failed fetch is also said in a message, once per failed request.
  const toldFailure = useRef<string | undefined>(undefined);
  const failedRequest = next.isError && !next.isFetching ? next.requestId : undefined;
  useEffect(() => {
    if (!failedRequest || toldFailure.current === failedRequest) return;
    toldFailure.current = failedRequest;
    if (errorStatus(next.error) === 401) return;
    toast.show({ title: t('donate.fetchFailed'), variant: 'error' });
  }, [failedRequest, next.error, t, toast]);

  const chooseDialect = (value: string) => {
    if (!isDialect(value) || value === dialect) return;
    setChosen(value);
    // Remembered for the next visit; PUT needs the Speak language too, so only once it is known.
    const language = preferences.data?.language;
    if (language) void savePreferences({ language, dialect: value });
  };

  let body;
  if (next.isError && !next.isFetching) {
    body = (
      <LoadFailed
        error={next.error}
        what="donateVoice"
        title={t('donate.fetchFailed')}
        onRetry={() => void next.refetch()}
      />
    );
  } else if (!next.data || next.isFetching) {
    body = <LoadingCard />;
  } else if (!next.data.pair) {
    body = <EmptyState headingLevel={2} title={t('donate.noMore')} description={t('donate.noMoreHint')} />;
  } else {
    const { pair, donated, total } = next.data;
    const position = Math.min(donated + 1, Math.max(total, 1));
    body = (
      <>
        <Counter data-testid="donate-counter">{t('donate.counter', { n: position, total })}</Counter>
        <PairDonation key={pair.text_id} pair={pair} dialect={dialect} isLast={position >= total} />
      </>
    );
  }

  const signedOut = next.isError && errorStatus(next.error) === 401;
  return (
    <Stack>
      {signedOut ? null : (
        <TopRow>
          <DialectField>
            {preferences.isLoading ? (
              <Skeleton width="16rem" height="2.5rem" />
            ) : (
              <Select
                label={t('donate.dialect')}
                hint={t('donate.dialectHint')}
                placeholder={t('donate.dialectPlaceholder')}
                value={dialect ?? ''}
                onChange={(event) => chooseDialect(event.target.value)}
                options={DIALECTS.map((value) => ({ value, label: t(`donate.dialects.${value}`) }))}
              />
            )}
          </DialectField>
        </TopRow>
      )}
      {body}
    </Stack>
  );
}
