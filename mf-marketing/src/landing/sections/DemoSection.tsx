import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { DemoClip } from '@platform/contracts';
import { Link } from '@platform/router';
import { Button, Card, EmptyState, ErrorState, PlayIcon, Skeleton, StopIcon } from '@platform/ui';
import { useSectionsT } from './i18n';
import { Section } from './Section';
import { useGetDemoClipQuery } from './sectionsApi';
import { pageUrl, speakPage } from '@platform/contracts/client';

const Player = styled(Card)`
  max-width: 44rem;
  margin: 0 auto;
  text-align: center;
`;

const Sentence = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  line-height: ${({ theme }) => theme.lineHeights.snug};
  color: ${({ theme }) => theme.colors.text};
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[6]}`};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  > div {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
  }
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0;
  }
`;

const Source = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger.main};
`;

/** The clip's player: its sentence, where it comes from, and play/pause over an <audio> that loads on demand. */
function ClipPlayer({
  clip,
  autoPlay,
  onAnother,
  fetching,
}: {
  clip: DemoClip;
  autoPlay: boolean;
  onAnother: () => void;
  fetching: boolean;
}) {
  const t = useSectionsT();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  // A clip asked for with "Play another" plays as it arrives (the browser may refuse: then it waits for Play).
  useEffect(() => {
    if (!autoPlay || !audio.current) return;
    void audio.current.play()?.catch?.(() => undefined);
  }, [autoPlay]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    setFailed(false);
    void element.play()?.catch?.((error: unknown) => {
      if ((error as { name?: string } | null)?.name === 'AbortError') return;
      setFailed(true);
    });
  };

  return (
    <Player padding="lg" elevated>
      <Sentence lang={clip.language} translate="no" data-testid="demo-sentence">
        {clip.sentence}
      </Sentence>
      <Facts>
        <div>
          <dt>{t('demo.languageLabel')}</dt>
          <dd>{t(`languages.${clip.language}`)}</dd>
        </div>
      </Facts>
      <Source>
        <span>{t('demo.source', { dataset: clip.dataset, version: clip.version })}</span>
        <span>{t('demo.duration', { seconds: Math.max(1, Math.round(clip.durationMs / 1000)) })}</span>
      </Source>
      <audio
        ref={audio}
        src={clip.audioUrl}
        preload="none"
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
      <Controls>
        <Button
          size="lg"
          onClick={toggle}
          startIcon={playing ? <StopIcon aria-hidden /> : <PlayIcon aria-hidden />}
        >
          {playing ? t('demo.pause') : t('demo.play')}
        </Button>
        <Button size="lg" variant="outline" onClick={onAnother} loading={fetching}>
          {t('demo.another')}
        </Button>
      </Controls>
      <div aria-live="polite">{failed ? <Problem>{t('demo.playFailed')}</Problem> : null}</div>
    </Player>
  );
}

/** #demo ('See it in action'): a real, validated recording from a published release. */
export function DemoSection() {
  const t = useSectionsT();
  const { data, isLoading, isError, isFetching, refetch, fulfilledTimeStamp } = useGetDemoClipQuery();
  const [askedForAnother, setAskedForAnother] = useState(false);
  const another = () => {
    setAskedForAnother(true);
    void refetch();
  };
  const clip = data?.clip;

  let body;
  if (isLoading) {
    body = (
      <Player padding="lg" aria-busy="true">
        <p>{t('demo.loading')}</p>
        <Skeleton lines={2} />
      </Player>
    );
  } else if (isError && !data) {
    body = (
      <ErrorState
        title={t('demo.failed')}
        onRetry={() => void refetch()}
        retryLabel={t('demo.retry')}
        retrying={isFetching}
        headingLevel={3}
      />
    );
  } else if (!clip) {
    body = (
      <EmptyState
        title={t('demo.emptyTitle')}
        description={t('demo.emptyText')}
        action={
          <Button as={Link} to={pageUrl(speakPage)}>
            {t('demo.emptyAction')}
          </Button>
        }
        headingLevel={3}
      />
    );
  } else {
    body = (
      <ClipPlayer
        // Each answer is a fresh player (the same clip may come back from "Play another").
        key={`${clip.id}:${fulfilledTimeStamp ?? 0}`}
        clip={clip}
        autoPlay={askedForAnother}
        onAnother={another}
        fetching={isFetching}
      />
    );
  }
  return (
    <Section id="demo" title={t('demo.title')} intro={t('demo.intro')} tinted>
      {body}
    </Section>
  );
}
