import { useCallback, useEffect, useState } from 'react';
import type { LanguageCode } from '@platform/contracts';
import { readMeta, writeMeta } from '../queue/database';
import { useContributionQueue } from '../queue/useContributionQueue';

const NAME = 'speakLanguage';

/**
 * The language Speak was last used in on this device, for when the person's preferences cannot be read
 * (offline): their kept sentences are in it. `undefined` until it has been read.
 */
export function useRememberedLanguage(): [LanguageCode | null | undefined, (language: LanguageCode) => void] {
  const { queue } = useContributionQueue();
  const [remembered, setRemembered] = useState<LanguageCode | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    void queue.db
      .then((db) => readMeta<LanguageCode>(db, NAME))
      .catch(() => undefined)
      .then((language) => {
        if (!cancelled) setRemembered(language ?? null);
      });
    return () => {
      cancelled = true;
    };
  }, [queue]);
  const remember = useCallback(
    (language: LanguageCode) => {
      void queue.db.then((db) => writeMeta(db, NAME, language)).catch(() => undefined);
    },
    [queue],
  );
  return [remembered, remember];
}
