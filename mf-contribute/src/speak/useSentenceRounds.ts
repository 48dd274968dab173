import { useCallback, useEffect, useRef, useState } from 'react';
import type { LanguageCode, SentenceToRecord } from '@platform/contracts';
import { DEFAULT_ROUND_SIZE } from '@platform/contracts/client';
import { useAppDispatch } from '@platform/store';
import { SentenceDeck } from '../ahead/sentenceDeck';
import { contributeApi } from '../api/contributeApi';
import type { ContributionQueue } from '../queue/runtime';
import { useContributionQueue } from '../queue/useContributionQueue';

/** Rounds kept on the device beyond the one on screen, while online. */
export const ROUNDS_AHEAD = 3;
/** The most sentences one request may ask for (the route's ROUND_MAX_SIZE). */
export const TOP_UP_COUNT = 20;
/** Requests at most per round to fill the rounds ahead (the server may have few new sentences). */
const TOP_UPS_PER_ROUND = 3;

export type RoundStatus = 'loading' | 'ready' | 'empty' | 'offlineEmpty' | 'error';

export interface SentenceRounds {
  status: RoundStatus;
  /** The round on screen: fixed from its start to its end. */
  round: SentenceToRecord[] | null;
  error: unknown;
  retry: () => void;
  /** The sentence is done with (recorded, skipped, reported): it leaves the device's rounds. */
  done: (id: string) => void;
}

interface State {
  key: string;
  status: RoundStatus;
  round: SentenceToRecord[] | null;
  error: unknown;
}

const isOnline = () => globalThis.navigator?.onLine !== false;

/** Sentences whose take waits in the queue: read when a round starts (a new take alone starts none). */
const queuedSentences = (queue: ContributionQueue): ReadonlySet<string> =>
  new Set(
    queue
      .getSnapshot()
      .items.flatMap((item) =>
        item.contribution.kind === 'recording' ? [item.contribution.sentenceId] : [],
      ),
  );

/**
 * Speak's rounds, taken from the sentences kept on the device (and asked from the server when none are
 * left), never a sentence whose take already waits in the queue. While online it keeps the next three rounds
 * on the device, so a person who loses the connection goes on recording.
 */
export function useSentenceRounds(language: LanguageCode | null, roundNumber: number): SentenceRounds {
  const dispatch = useAppDispatch();
  const { queue, snapshot } = useContributionQueue();
  const [attempt, setAttempt] = useState(0);
  const requests = useRef(0);
  const { owner, ownerKnown } = snapshot;
  const key = `${owner ?? ''}|${language ?? ''}|${roundNumber}|${attempt}`;
  const [state, setState] = useState<State>({ key: '', status: 'loading', round: null, error: null });

  const ask = useCallback(
    (lang: LanguageCode, count: number) =>
      dispatch(
        contributeApi.endpoints.getSentenceRound.initiate(
          // A new number each time: never an earlier answer from the cache.
          { lang, round: (requests.current += 1), count },
          { subscribe: false, forceRefetch: true },
        ),
      ).unwrap(),
    [dispatch],
  );

  useEffect(() => {
    if (!language || !ownerKnown) return undefined;
    let cancelled = false;
    const deck = new SentenceDeck(queue.db, owner, language);
    const show = (next: Omit<State, 'key'>) => {
      if (!cancelled) setState({ key, ...next });
    };

    void (async () => {
      let sentences = await deck.read(queuedSentences(queue)).catch(() => []);
      if (cancelled) return;
      if (sentences.length === 0) {
        if (!isOnline()) return show({ status: 'offlineEmpty', round: null, error: null });
        let fetched: SentenceToRecord[];
        try {
          fetched = await ask(language, DEFAULT_ROUND_SIZE);
        } catch (error) {
          return show({ status: isOnline() ? 'error' : 'offlineEmpty', round: null, error });
        }
        const fresh = fetched.filter((sentence) => !queuedSentences(queue).has(sentence.id));
        // Without IndexedDB the round is what the server just gave.
        sentences = await deck
          .add(fresh, queuedSentences(queue))
          .then(() => deck.read(queuedSentences(queue)))
          .catch(() => fresh);
      }
      if (sentences.length === 0) return show({ status: 'empty', round: null, error: null });
      const round = sentences.slice(0, DEFAULT_ROUND_SIZE);
      show({ status: 'ready', round, error: null });

      // Work ahead: the next rounds onto the device while there is a connection.
      const onScreen = new Set(round.map((sentence) => sentence.id));
      for (let topUp = 0; topUp < TOP_UPS_PER_ROUND && !cancelled && isOnline(); topUp += 1) {
        const kept = await deck.read(queuedSentences(queue)).catch(() => null);
        if (
          cancelled ||
          !kept ||
          kept.filter((s) => !onScreen.has(s.id)).length >= ROUNDS_AHEAD * DEFAULT_ROUND_SIZE
        ) {
          break;
        }
        const more = await ask(language, TOP_UP_COUNT).catch(() => null);
        if (!more || cancelled) break;
        if ((await deck.add(more, queuedSentences(queue)).catch(() => 0)) === 0) break;
      }
    })();
    return () => {
      cancelled = true;
    };
    // `key` names the round; `owner` and `language` are in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ownerKnown, ask, queue]);

  const current = state.key === key ? state : { status: 'loading' as const, round: null, error: null };
  return {
    ...current,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    done: useCallback(
      (id: string) => {
        if (language) void new SentenceDeck(queue.db, owner, language).drop(id).catch(() => undefined);
      },
      [language, owner, queue],
    ),
  };
}
