import { useCallback, useEffect, useRef, useState } from 'react';
import { emailProblem, normalizeEmail } from '@platform/contracts/client';
import { useQueryEmailMutation } from '@platform/store';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/** How long typing must pause before the address is checked with the server. */
export const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * The live "is this address free?" check of the sign-up form (SPEC §5): once the address is well formed
 * and typing pauses, POST /auth/auth/query.email. Answers are remembered per address; a failed check is
 * not, so it is tried again on submit.
 */
export function useEmailAvailability(rawEmail: string) {
  const [queryEmail] = useQueryEmailMutation();
  const [results, setResults] = useState<Record<string, Availability>>({});
  const inflight = useRef(new Map<string, Promise<Availability>>());
  const email = normalizeEmail(rawEmail);
  const checkable = emailProblem(rawEmail) === null;

  const check = useCallback(
    (address: string): Promise<Availability> => {
      const running = inflight.current.get(address);
      if (running) return running;
      setResults((current) => ({ ...current, [address]: 'checking' }));
      const answer = queryEmail(address)
        .unwrap()
        .then(
          (reply): Availability => (reply.ok ? 'taken' : 'available'),
          (): Availability => 'failed',
        )
        .then((result) => {
          inflight.current.delete(address);
          setResults((current) => ({ ...current, [address]: result }));
          return result;
        });
      inflight.current.set(address, answer);
      return answer;
    },
    [queryEmail],
  );

  const known = results[email];
  useEffect(() => {
    if (!checkable || known !== undefined) return undefined;
    const timer = setTimeout(() => void check(email), AVAILABILITY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email, checkable, known, check]);

  /** The answer for the address as typed now, asking the server at once if it is not known yet. */
  const ensureChecked = useCallback(async (): Promise<Availability> => {
    if (!checkable) return 'idle';
    if (known === 'taken' || known === 'available') return known;
    return check(email);
  }, [checkable, known, check, email]);

  return { status: checkable ? (known ?? 'idle') : 'idle', ensureChecked };
}
