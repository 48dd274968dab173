import { useEffect, useState } from 'react';
import { audioBlob, type StoredAudio } from '../queue/types';
import type { AudioSource } from '../shared/useAudioPlayer';
import { dataSaverOn, smallRenditionUrl } from './dataSaver';
import { addSessionBytes } from './sessionBytes';

/**
 * Small renditions being fetched, by address: a clip shown twice at once (React's development remount)
 * fetches and counts its bytes once.
 */
const fetching = new Map<string, Promise<Blob>>();

function fetchSmall(url: string): Promise<Blob> {
  let pending = fetching.get(url);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(url, { credentials: 'include' });
      if (!response.ok) throw new Error(`audio ${response.status}`);
      const blob = await response.blob();
      addSessionBytes(blob.size);
      return blob;
    })().finally(() => setTimeout(() => fetching.delete(url), 0));
    fetching.set(url, pending);
  }
  return pending;
}

/**
 * Where a Listen clip plays from, decided when it shows: its audio kept on the device; with the data saver,
 * its small rendition fetched whole (its bytes counted exactly; streamed from the server if that fetch
 * fails); else the server's address, streamed by the player. Null while the small rendition is on its way.
 */
export function useClipSource(audioUrl: string, kept: StoredAudio | undefined): AudioSource {
  const [small] = useState(() => !kept && dataSaverOn());
  const [source, setSource] = useState<AudioSource>(() => (kept ? audioBlob(kept) : small ? null : audioUrl));

  useEffect(() => {
    if (!small) return undefined;
    let cancelled = false;
    const url = smallRenditionUrl(audioUrl);
    fetchSmall(url).then(
      (blob) => !cancelled && setSource(blob),
      () => !cancelled && setSource(url),
    );
    return () => {
      cancelled = true;
    };
  }, [small, audioUrl]);

  return source;
}
