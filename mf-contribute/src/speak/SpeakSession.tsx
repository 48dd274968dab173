import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { LanguageCode } from '@platform/contracts';
import { DEFAULT_LANGUAGE, DEFAULT_ROUND_SIZE } from '@platform/contracts/client';
import { Card, EmptyState, Skeleton } from '@platform/ui';
import { useGetPreferencesQuery, useSavePreferencesMutation } from '../api/contributeApi';
import { useContributeT } from '../i18n';
import { Centered, StatusLine } from '../shared/RoundButton';
import { LoadFailed } from '../shared/LoadFailed';
import { LanguagePicker } from './LanguagePicker';
import { ProgressCircles } from './ProgressCircles';
import type { Outcome } from './roundProgress';
import { SentenceRecorder } from './SentenceRecorder';
import { useRememberedLanguage } from './rememberedLanguage';
import { useSentenceRounds } from './useSentenceRounds';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  max-width: 48rem;
  margin: 0 auto;
`;

interface Progress {
  /** Counts rounds on this visit; a new number starts a new round. */
  round: number;
  outcomes: Outcome[];
  /** The outcomes of the round just finished, shown while the next one loads. */
  finished: Outcome[] | null;
}

function LoadingCard() {
  const t = useContributeT();
  return (
    <Card aria-busy="true" aria-label={t('speak.loading')} padding="lg">
      <Centered>
        <Skeleton width="60%" />
        <Skeleton lines={2} height="1.5rem" />
        <Skeleton circle width={72} />
        <Skeleton width="40%" height="2.5rem" />
      </Centered>
    </Card>
  );
}

/**
 * Speak: the language, a round of sentences (default 5) and the row of numbered circles. The rounds come
 * from the sentences kept on the device, so recording goes on without a connection.
 */
export function SpeakSession() {
  const t = useContributeT();
  const preferences = useGetPreferencesQuery();
  const [chosen, setChosen] = useState<LanguageCode | null>(null);
  const [savePreferences] = useSavePreferencesMutation();
  const [progress, setProgress] = useState<Progress>({ round: 0, outcomes: [], finished: null });
  const [remembered, remember] = useRememberedLanguage();

  // The language last used on this device is used at once (its kept rounds need no connection; on a slow
  // link the preferences' round trip is most of a second), until the preferences say otherwise. Without
  // either (a first visit offline) the platform's default.
  const language: LanguageCode | null =
    chosen ??
    preferences.data?.language ??
    remembered ??
    (preferences.isError && remembered === null ? DEFAULT_LANGUAGE : null);
  const rounds = useSentenceRounds(language, progress.round);
  const sentences = rounds.round;
  useEffect(() => {
    if (language) remember(language);
  }, [language, remember]);

  const changeLanguage = (next: LanguageCode) => {
    if (next === language) return;
    setChosen(next);
    setProgress((p) => ({ round: p.round + 1, outcomes: [], finished: null }));
    void savePreferences({ language: next });
  };

  const done = (id: string, outcome: Outcome) => {
    rounds.done(id);
    const total = sentences?.length ?? DEFAULT_ROUND_SIZE;
    setProgress((p) => {
      const outcomes = [...p.outcomes, outcome];
      // After the last circle a new round starts at circle 1.
      if (outcomes.length >= total) return { round: p.round + 1, outcomes: [], finished: outcomes };
      return { ...p, outcomes };
    });
  };

  let body;
  if (rounds.status === 'error') {
    body = (
      <LoadFailed
        error={rounds.error}
        what="recordSentences"
        title={t('speak.loadFailed')}
        onRetry={rounds.retry}
      />
    );
  } else if (rounds.status === 'offlineEmpty') {
    body = (
      <EmptyState
        headingLevel={2}
        title={t('speak.offlineEmpty')}
        description={t('speak.offlineEmptyHint')}
      />
    );
  } else if (language && rounds.status === 'empty') {
    body = (
      <EmptyState
        headingLevel={2}
        title={t('speak.noneLeft', { language: t(`languages.${language}`) })}
        description={t('speak.noneLeftHint')}
      />
    );
  } else if (!language || !sentences || sentences.length === 0) {
    body = (
      <>
        <LoadingCard />
        {progress.finished ? (
          <>
            <ProgressCircles total={progress.finished.length} outcomes={progress.finished} />
            <StatusLine role="status">{t('speak.roundComplete')}</StatusLine>
          </>
        ) : null}
      </>
    );
  } else {
    const current = sentences[Math.min(progress.outcomes.length, sentences.length - 1)]!;
    body = (
      <>
        <SentenceRecorder
          key={`${progress.round}:${current.id}`}
          sentence={current}
          onDone={(outcome) => done(current.id, outcome)}
        />
        <ProgressCircles total={sentences.length} outcomes={progress.outcomes} />
      </>
    );
  }

  return (
    <Stack>
      {language ? (
        <LanguagePicker value={language} onChange={changeLanguage} />
      ) : (
        <Skeleton width="16rem" height="2.5rem" />
      )}
      {body}
    </Stack>
  );
}
