import { useCallback } from 'react';
import { useNavigate } from '@platform/router';
import { useSignOutMutation } from '@platform/store';
import { useT } from '@platform/i18n';
import { useToast } from '@platform/ui';
import { pageUrl, signinPage } from '@platform/contracts/client';

export const SIGNIN_PATH = pageUrl(signinPage);
/** Shared with RequireSession, which must know a session ended by Logout from one that expired. */
export const SIGN_OUT_CACHE_KEY = 'logout';

/**
 * Logout from the sidebar, the profile menu and the contributor user menu: ends the session on the server
 * (POST /auth/signout deletes it and clears the HttpOnly cookie), then lands on /signin.
 */
export function useLogout() {
  const [signOut, { isLoading }] = useSignOutMutation({ fixedCacheKey: SIGN_OUT_CACHE_KEY });
  const navigate = useNavigate();
  const toast = useToast();
  const t = useT();
  const logout = useCallback(async () => {
    try {
      await signOut().unwrap();
      navigate(SIGNIN_PATH, { replace: true });
    } catch {
      toast.show({
        title: t('logout.failedTitle'),
        description: t('logout.failedMessage'),
        variant: 'error',
      });
    }
  }, [signOut, navigate, toast, t]);
  return { logout, loggingOut: isLoading };
}
