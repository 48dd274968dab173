import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingToValidate } from '@platform/contracts';
import { useAppDispatch } from '@platform/store';
import { ClipDeck } from '../ahead/clipDeck';
import { dataSaverOn } from '../data-saver/dataSaver';
import { addSessionBytes, countStreamed } from '../data-saver/sessionBytes';
import { contributeApi } from '../api/contributeApi';
import type { StoredClip } from '../queue/database';
import type { ContributionQueue } from '../queue/runtime';
import { storeAudio } from '../queue/types';
import { useContributionQueue } from '../queue/useContributionQueue';

/** The most recordings one request may ask for (the route's VALIDATE_BATCH_MAX_SIZE). */
export const TOP_UP_COUNT = 20;
/** A batch as the server gives it by default (DEFAULT_VALIDATE_BATCH_SIZE): the deck keeps one more. */
export const BATCH_SIZE = 10;

export type DeckStatus = 'loading' | 'ready' | 'empty' | 'offlineEmpty' | 'error';

export interface ClipDeckState {
  status: DeckStatus;
  /** The recordings to judge, in order: the one on screen first. */
  clips: StoredClip[];
  error: unknown;
  retry: () => void;
  /** The recording is done with (voted, skipped, reported): it leaves the device. */
  done: (id: string) => void;
}

interface State {
  key: string;
  status: DeckStatus;
  clips: StoredClip[];
  error: unknown;
}

const isOnline = () => globalThis.navigator?.onLine !== false;

/** Recordings whose vote waits in the queue: the server may offer them again until it has the vote. */
const queuedVotes = (queue: ContributionQueue): ReadonlySet<string> =>
  new Set(
    queue
      .getSnapshot()
      .items.flatMap((item) => (item.contribution.kind === 'vote' ? [item.contribution.recordingId] : [])),
  );

const asStored = (owner: string | null, clip: RecordingToValidate, order: number): StoredClip => ({
  key: `${owner ?? ''}|${clip.id}`,
  owner,
  order,
  storedAt: Date.now(),
  clip,
});

/**
 * Listen's recordings, from those kept on the device (asked from the server when none are left). While
 * online it keeps the next batch too, with its audio within the byte budget (none with the data saver on),
 * so a person who loses the connection goes on judging; their votes wait in the queue.
 */
export function useClipDeck(): ClipDeckState {
  const dispatch = useAppDispatch();
  const { queue, snapshot } = useContributionQueue();
  const { owner, ownerKnown } = snapshot;
  const [attempt, setAttempt] = useState(0);
  const requests = useRef(0);
  const key = `${owner ?? ''}|${attempt}`;
  const [state, setState] = useState<State>({ key: '', status: 'loading', clips: [], error: null });

  const ask = useCallback(
    (count?: number) =>
      dispatch(
        contributeApi.endpoints.getValidateBatch.initiate(
          { batch: (requests.current += 1), ...(count ? { count } : {}) },
          { subscribe: false, forceRefetch: true },
        ),
      ).unwrap(),
    [dispatch],
  );

  useEffect(() => {
    if (!ownerKnown) return undefined;
    let cancelled = false;
    const deck = new ClipDeck(queue.db, owner);
    const show = (next: Omit<State, 'key'>) => {
      if (!cancelled) setState({ key, ...next });
    };
    const addToShown = (more: StoredClip[]) => {
      if (cancelled || more.length === 0) return;
      setState((previous) => {
        if (previous.key !== key) return previous;
        const shown = new Set(previous.clips.map((entry) => entry.clip.id));
        return { ...previous, clips: [...previous.clips, ...more.filter((m) => !shown.has(m.clip.id))] };
      });
    };

    void (async () => {
      let clips = await deck.read(queuedVotes(queue)).catch(() => []);
      if (cancelled) return;
      if (clips.length === 0) {
        if (!isOnline()) return show({ status: 'offlineEmpty', clips: [], error: null });
        let fetched: RecordingToValidate[];
        try {
          fetched = await ask();
        } catch (error) {
          return show({ status: isOnline() ? 'error' : 'offlineEmpty', clips: [], error });
        }
        const except = queuedVotes(queue);
        const fresh = fetched.filter((clip) => !except.has(clip.id));
        // Without IndexedDB the batch is what the server just gave.
        clips = await deck
          .add(fresh, except)
          .then(() => deck.read(queuedVotes(queue)))
          .catch(() => fresh.map((clip, i) => asStored(owner, clip, i)));
      }
      if (clips.length === 0) return show({ status: 'empty', clips: [], error: null });
      show({ status: 'ready', clips, error: null });

      // Work ahead: the next batch onto the device while there is a connection.
      if (!cancelled && isOnline() && clips.length <= BATCH_SIZE) {
        const more = await ask(TOP_UP_COUNT).catch(() => null);
        if (more && !cancelled && (await deck.add(more, queuedVotes(queue)).catch(() => 0)) > 0) {
          const known = new Set(clips.map((entry) => entry.clip.id));
          const kept = await deck.read(queuedVotes(queue)).catch(() => []);
          addToShown(kept.filter((entry) => !known.has(entry.clip.id)));
        }
      }

      // Their audio, while it fits the budget, unless the data saver is on (the person's choice, or the
      // browser's Save-Data hint until they make one).
      if (dataSaverOn()) return;
      // The one on screen is already loading in its player.
      const [, ...ahead] = await deck.read(queuedVotes(queue)).catch(() => []);
      for (const entry of ahead) {
        if (cancelled || !isOnline()) break;
        if (entry.audio) continue;
        try {
          const response = await fetch(entry.clip.audioUrl, { credentials: 'include' });
          if (!response.ok) continue;
          const blob = await response.blob();
          addSessionBytes(blob.size);
          const audio = await storeAudio(blob);
          if (cancelled) break;
          if (!(await deck.keepAudio(entry.clip.id, audio))) break;
          setState((previous) =>
            previous.key !== key
              ? previous
              : {
                  ...previous,
                  clips: previous.clips.map((shown) =>
                    shown.clip.id === entry.clip.id ? { ...shown, audio } : shown,
                  ),
                },
          );
        } catch {
          // Not fetched now: it plays from the server while online.
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // `key` names the deck; `owner` is in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ownerKnown, ask, queue]);

  const current = state.key === key ? state : { status: 'loading' as const, clips: [], error: null };
  const shown = current.clips;
  const done = useCallback(
    (id: string) => {
      // A clip its player streamed from the server: its bytes, as the browser measured them, are counted now.
      const entry = shown.find((candidate) => candidate.clip.id === id);
      if (entry && !entry.audio) countStreamed(entry.clip.audioUrl);
      void new ClipDeck(queue.db, owner).drop(id).catch(() => undefined);
      setState((previous) => ({
        ...previous,
        clips: previous.clips.filter((entry) => entry.clip.id !== id),
      }));
      // The last one done with: look at the device again, then ask the server.
      if (shown.every((entry) => entry.clip.id === id)) setAttempt((n) => n + 1);
    },
    [owner, queue, shown],
  );

  return { ...current, retry: useCallback(() => setAttempt((n) => n + 1), []), done };
}
