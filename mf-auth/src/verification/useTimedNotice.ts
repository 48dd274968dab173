import { useCallback, useEffect, useState } from 'react';

/** The SPEC's "notice for 3 seconds" after a resend. */
export const NOTICE_MS = 3000;

/** A message that shows for a while, then goes (a new one restarts the time). */
export function useTimedNotice(durationMs = NOTICE_MS) {
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), durationMs);
    return () => clearTimeout(timer);
  }, [notice, durationMs]);
  const show = useCallback((text: string) => setNotice({ text, at: Date.now() }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice: notice?.text ?? null, show, clear };
}
