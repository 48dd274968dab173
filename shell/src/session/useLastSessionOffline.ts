import { useEffect } from 'react';
import { authApi, useAppDispatch, useSessionQuery } from '@platform/store';
import {
  forgetSession,
  lastSession,
  lastSessionInUse,
  rememberSession,
  setLastSessionInUse,
  useLastSessionInUse,
} from './lastSession';

/** No answer at all (no network, the request dropped): not a server saying who is or is not signed in. */
function isNetworkFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/**
 * Keeps the last person seen signed in on this device and, when the session cannot be read for lack of a
 * network, goes on as them: a page reloaded offline (Speak, with its queue of takes) stays usable. Any answer
 * of the gateway wins: a 401 or a Logout forgets them and signs out, a server error stays "unknown". Once
 * the browser is back online the session is read again.
 *
 * Returns true while the remembered person is being put in place, so the guard shows its skeleton rather
 * than "we could not check whether you are signed in" for an instant.
 */
export function useLastSessionOffline(): boolean {
  const dispatch = useAppDispatch();
  const { data, error, isError, isFetching, refetch } = useSessionQuery();
  const inUse = useLastSessionInUse();
  const remembered =
    data === undefined && isError && !isFetching && isNetworkFailure(error) ? lastSession() : null;

  useEffect(() => {
    if (data === null) {
      forgetSession();
      setLastSessionInUse(false);
    } else if (data && !lastSessionInUse()) {
      rememberSession(data);
    }
  }, [data]);

  useEffect(() => {
    if (!remembered) return;
    setLastSessionInUse(true);
    // The e-mail address is not kept on the device, and nothing the page shows offline reads it.
    dispatch(authApi.util.upsertQueryData('session', undefined, { ...remembered, email: '' }));
    // `remembered` is read again on every render; only its coming (not its identity) matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(remembered), dispatch]);

  useEffect(() => {
    if (!inUse) return;
    const readAgain = () => {
      void refetch().then((result) => {
        if (!result.isError) setLastSessionInUse(false);
      });
    };
    window.addEventListener('online', readAgain);
    return () => window.removeEventListener('online', readAgain);
  }, [inUse, refetch]);

  return remembered !== null;
}
